import type { CanonicalMessage, CanonicalPart } from '../canonical/canonical-request.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic/anthropic-state.ts';
import { withGeminiSignature } from './gemini/gemini-state.ts';
import { withResponsesReasoning } from './responses/responses-state.ts';

/**
 * Before opaque state moved into each part's `state` bag, canonical parts held it in fields
 * named after the format that made it: a call's or a reasoning part's `signature` (Gemini), a
 * reasoning part's `encrypted` and `id` (responses), `thinkingSignature` and `redacted`
 * (Anthropic). Conversations the app stored then (SQLite `stored_responses`, for
 * `previous_response_id`) still hold them; read here as each format's state, through its own
 * accessors, so a follow-up to such an answer replays its state byte-exact.
 */
const LEGACY_FIELDS = ['signature', 'encrypted', 'id', 'thinkingSignature', 'redacted'] as const;

type Legacy = Partial<Record<(typeof LEGACY_FIELDS)[number], unknown>>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function upgradePart(part: CanonicalPart): CanonicalPart {
  if (part.type === 'tool-call') {
    const { signature, ...rest } = part as typeof part & Legacy;
    return signature === undefined ? part : withGeminiSignature(rest, text(signature));
  }
  if (part.type !== 'reasoning') return part;
  const legacy = part as typeof part & Legacy;
  if (!LEGACY_FIELDS.some((field) => legacy[field] !== undefined)) return part;
  const { signature, encrypted, id, thinkingSignature, redacted, ...rest } = legacy;
  let upgraded: CanonicalPart = withGeminiSignature(rest, text(signature));
  upgraded = withResponsesReasoning(upgraded, text(encrypted), text(id));
  upgraded = withAnthropicSignature(upgraded, text(thinkingSignature));
  const data = text(redacted);
  return data === undefined ? upgraded : withAnthropicRedacted(upgraded, data);
}

/** Stored turns with any part in the old form read as today's; the same array when none is. */
export function upgradeLegacyPartState(messages: CanonicalMessage[]): CanonicalMessage[] {
  let changed = false;
  const upgraded = messages.map((message) => {
    const parts = message.parts.map(upgradePart);
    if (parts.every((part, i) => part === message.parts[i])) return message;
    changed = true;
    return { ...message, parts };
  });
  return changed ? upgraded : messages;
}
