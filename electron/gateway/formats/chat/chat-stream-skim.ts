import {
  absentOrNull,
  isOneLineObject,
  memberValue,
  readString,
  readTokens,
  stringValue,
  template,
  tokens,
} from '../skim-json.ts';

/** A text chunk exactly as OpenAI (and the simulator) write it. */
const OPENAI_TEXT = template(
  String.raw`\{"id":<plain>,"object":"chat\.completion\.chunk","created":<int>,"model":<plain>,(?:"service_tier":(?:<plain>|null),)?"system_fingerprint":(?:<plain>|null),"choices":\[\{"index":0,"delta":\{(?:"role":"assistant",)?"content":(<str>)\},"logprobs":null,"finish_reason":null\}\](?:,"usage":null)?(?:,"obfuscation":<plain>)?\}`,
);

const CONTENT = tokens('{', '"content"', ':');
const ROLE_THEN_CONTENT = tokens('{', '"role"', ':', '"assistant"', ',', '"content"', ':');
const CLOSE = tokens('}');

/**
 * The answer text of a chunk that carries nothing else, read without parsing it: one choice
 * whose `delta` is `{"content": "…"}` (a `"role": "assistant"` before it allowed), no finish
 * reason, usage or error (each absent or `null`). Undefined for any other chunk (the first,
 * with its `refusal: null`; reasoning, tool calls, the last ones), which must be parsed.
 */
export function chatDeltaText(data: string): string | undefined {
  const exact = OPENAI_TEXT.exec(data);
  if (exact) return stringValue(exact[1]!);
  if (!isOneLineObject(data)) return undefined;
  const delta = memberValue(data, 'delta"');
  let content = readTokens(data, delta, CONTENT);
  if (content === -1) content = readTokens(data, delta, ROLE_THEN_CONTENT);
  const text = readString(data, content);
  if (text === undefined || readTokens(data, text.end, CLOSE) === -1) return undefined;
  // One choice: a second delta would be another choice's.
  if (data.includes('delta"', text.end)) return undefined;
  if (!absentOrNull(data, 'finish_reason"') || !absentOrNull(data, 'usage"')) return undefined;
  // `rror"` first: a search from `e`, the commonest letter of a chunk, costs twice as much.
  if (data.includes('rror"') && !absentOrNull(data, 'error"')) return undefined;
  return text.value;
}
