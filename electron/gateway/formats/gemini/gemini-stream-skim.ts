import {
  isOneLineObject,
  memberValue,
  readNumber,
  readString,
  readTokens,
  stringValue,
  template,
  tokens,
} from '../skim-json.ts';

/** Counts as Google writes them: the prompt's first, then counts and per-modality details. */
const DETAILS = String.raw`\[\{"modality":<plain>,"tokenCount":<int>\}(?:,\{"modality":<plain>,"tokenCount":<int>\})*\]`;
const USAGE = String.raw`\{"promptTokenCount":<int>(?:,"[A-Za-z]+TokenCount":<int>|,"[A-Za-z]+TokensDetails":${DETAILS})*\}`;

/** A text record exactly as Google's Developer API (and the simulator) write it. */
const GOOGLE_TEXT = template(
  String.raw`\{"candidates":\[\{"content":\{"parts":\[\{"text":(<str>)\}\],"role":"model"\},"index":0\}\](,"usageMetadata":${USAGE})?,"modelVersion":<plain>,"responseId":<plain>\}`,
);

const FIRST = tokens('{', '"candidates"', ':');
const CONTENT = tokens('[', '{', '"content"', ':', '{');
const PARTS = tokens('"parts"', ':');
const ROLE_THEN_PARTS = tokens('"role"', ':', '"model"', ',', '"parts"', ':');
const TEXT = tokens('[', '{', '"text"', ':');
const PARTS_END = tokens('}', ']');
const ROLE = tokens(',', '"role"', ':', '"model"');
const CONTENT_END = tokens('}');
const INDEX = tokens(',', '"index"', ':');
const CANDIDATES_END = tokens('}', ']');
const OPEN = tokens('{');
const COLON = tokens(':');

/** The counts `geminiUsageToCanonical` reads: usage whose first member is one of them is usage. */
const COUNTS = new Set([
  'promptTokenCount',
  'toolUsePromptTokenCount',
  'candidatesTokenCount',
  'thoughtsTokenCount',
  'cachedContentTokenCount',
  'totalTokenCount',
]);

/** A record of answer text, as far as the decoder's state goes. */
export interface GeminiTextRecord {
  text: string;
  /** Whether the record carries usage (`usageMetadata` with counts), to be read from it later. */
  usage: boolean;
}

/**
 * The end of the candidates list, where the first candidate is nothing but its content (a
 * `"role": "model"` after the parts, an `index`) and the only one: -1 for any other candidate.
 */
function candidatesEnd(data: string, partsEnd: number): number {
  const role = readTokens(data, partsEnd, ROLE);
  const content = readTokens(data, role === -1 ? partsEnd : role, CONTENT_END);
  const index = readNumber(data, readTokens(data, content, INDEX));
  return readTokens(data, index === undefined ? content : index.end, CANDIDATES_END);
}

/**
 * A record that carries one piece of answer text and nothing else the decoder acts on, read
 * without parsing it: the first candidate's content is one part, `{"text": "…"}` (no thought,
 * signature or call), no finish reason, prompt feedback or error; usage, if any, starts with a
 * count. Undefined for any other record, which must be parsed.
 */
export function geminiTextRecord(data: string): GeminiTextRecord | undefined {
  const exact = GOOGLE_TEXT.exec(data);
  if (exact) return { text: stringValue(exact[1]!), usage: exact[2] !== undefined };
  if (!isOneLineObject(data)) return undefined;
  // Google writes `candidates` first; elsewhere it is looked for.
  const first = readTokens(data, 0, FIRST);
  const candidates = first === -1 ? memberValue(data, 'candidates"') : first;
  const content = readTokens(data, candidates, CONTENT);
  let parts = readTokens(data, content, PARTS);
  if (parts === -1) parts = readTokens(data, content, ROLE_THEN_PARTS);
  const text = readString(data, readTokens(data, parts, TEXT));
  const partsEnd = text === undefined ? -1 : readTokens(data, text.end, PARTS_END);
  if (text === undefined || partsEnd === -1) return undefined;
  // A candidate as plain as that has no finish reason, and when the candidates come first only
  // the rest of the record is left to look at.
  const end = candidatesEnd(data, partsEnd);
  if (end === -1 && data.includes('finishReason"')) return undefined;
  const rest = end !== -1 && first !== -1 ? end : 0;
  if (data.includes('promptFeedback"', rest) || data.includes('rror"', rest)) return undefined;
  const usageAt = memberValue(data, 'usageMetadata"');
  if (usageAt === -1) return { text: text.value, usage: false };
  const firstCount = readString(data, readTokens(data, usageAt, OPEN));
  if (firstCount === undefined || !COUNTS.has(firstCount.value)) return undefined;
  const count = readNumber(data, readTokens(data, firstCount.end, COLON));
  if (count === undefined || !Number.isFinite(count.value)) return undefined;
  return { text: text.value, usage: true };
}
