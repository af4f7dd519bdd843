import type { OpaqueStateStore } from '../../canonical/conversion-context.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';

export type StoredThinkingBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/**
 * With thinking on, Anthropic wants the thinking blocks of a turn that called tools back,
 * unchanged, when the results are sent. Clients of other formats cannot carry them, so the
 * Anthropic decoders keep the signed blocks that came before each `tool_use`, keyed by its id
 * (which every format echoes back with the result), and the Anthropic upstream encoder puts
 * them back in front of that call (rule `anthropic.thinking_replayed`).
 */
export const thinkingStateKey = (callId: string): string => `anthropic-thinking:${callId}`;

export function storedThinking(
  state: OpaqueStateStore,
  callId: string,
): StoredThinkingBlock[] | undefined {
  const text = state.get(thinkingStateKey(callId));
  const parsed = text === undefined ? undefined : tryParseJson(text);
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  return parsed.every(isStoredBlock) ? parsed : undefined;
}

function isStoredBlock(value: unknown): value is StoredThinkingBlock {
  if (!isRecord(value)) return false;
  if (value.type === 'redacted_thinking') return typeof value.data === 'string';
  return (
    value.type === 'thinking' &&
    typeof value.thinking === 'string' &&
    typeof value.signature === 'string'
  );
}

/** Collects the signed blocks of one answer and files them under each call that follows. */
export class ThinkingKeeper {
  private pending: StoredThinkingBlock[] = [];
  private readonly state: OpaqueStateStore;

  constructor(state: OpaqueStateStore) {
    this.state = state;
  }

  /** A thinking block ended; unsigned ones cannot be replayed and are not kept. */
  thinking(text: string, signature: string): void {
    if (signature !== '') this.pending.push({ type: 'thinking', thinking: text, signature });
  }

  redacted(data: string): void {
    this.pending.push({ type: 'redacted_thinking', data });
  }

  /** A tool call began: the blocks since the previous call belong in front of it. */
  call(callId: string): void {
    if (this.pending.length === 0) return;
    this.state.set(thinkingStateKey(callId), JSON.stringify(this.pending));
    this.pending = [];
  }
}
