import type { OpaqueStateStore } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';

/**
 * Clients in other formats cannot send responses reasoning items back, so the gateway keeps
 * the item (with its `encrypted_content`) keyed by each function call that followed it, and
 * replays it in front of that call on the next turn.
 */
export const reasoningStateKey = (callId: string): string => `rs:${callId}`;

/** Whether an output item is reasoning the upstream can decrypt again on a later turn. */
export function isReplayableReasoning(item: unknown): item is Record<string, unknown> {
  return (
    isRecord(item) &&
    item.type === 'reasoning' &&
    typeof item.id === 'string' &&
    typeof item.encrypted_content === 'string'
  );
}

/** Remembers the reasoning item (its JSON text, as parsed) for the call that follows it. */
export function rememberReasoningForCall(
  state: OpaqueStateStore,
  callId: string,
  itemJson: string,
): void {
  state.set(reasoningStateKey(callId), itemJson);
}
