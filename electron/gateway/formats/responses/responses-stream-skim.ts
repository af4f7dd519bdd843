import {
  isOneLineObject,
  memberValue,
  readNumber,
  readString,
  stringValue,
  template,
} from '../skim-json.ts';

/** A text delta exactly as OpenAI (and the simulator) write it. */
const OPENAI_TEXT = template(
  String.raw`\{"type":"response\.output_text\.delta","sequence_number":<int>,"item_id":<plain>,"output_index":(<int>),"content_index":(<int>),"delta":(<str>),"logprobs":\[\](?:,"obfuscation":<plain>)?\}`,
);

/** The events that carry a piece of output text, and the indices each one's slot is named by. */
const DELTA_TYPES = [
  { type: 'response.output_text.delta', content: true, summary: false },
  { type: 'response.refusal.delta', content: true, summary: false },
  { type: 'response.reasoning_summary_text.delta', content: false, summary: true },
  { type: 'response.reasoning_text.delta', content: true, summary: false },
  { type: 'response.function_call_arguments.delta', content: false, summary: false },
].map((entry) => ({ ...entry, token: `"${entry.type}"` }));

type DeltaType = (typeof DELTA_TYPES)[number];

/** The delta type whose quoted name is at `at` (compared in place, nothing sliced), or undefined. */
const deltaTypeAt = (data: string, at: number): DeltaType | undefined =>
  DELTA_TYPES.find((entry) => data.startsWith(entry.token, at));

/** The fields of a delta event the decoder reads: the rest of the event is not looked at. */
export interface ResponsesDelta {
  type: string;
  outputIndex: number;
  contentIndex: number;
  summaryIndex: number;
  delta: string;
}

/** An index field as the decoder reads it: 0 where absent, undefined where not a plain number. */
function indexField(data: string, key: string, from: number): number | undefined {
  const at = memberValue(data, key, from);
  if (at === -1) return data.includes(key) ? undefined : 0;
  return readNumber(data, at)?.value;
}

/**
 * A delta event (`response.output_text.delta` and its kin) read without parsing it: its `type`
 * (one member of that name), the indices its slot is named by (an index its type does not use
 * reads as 0, as it does nothing in the decoder) and its `delta` string. Undefined for any other
 * event, which must be parsed.
 */
export function responsesDelta(data: string): ResponsesDelta | undefined {
  const exact = OPENAI_TEXT.exec(data);
  if (exact)
    return {
      type: 'response.output_text.delta',
      outputIndex: Number(exact[1]),
      contentIndex: Number(exact[2]),
      summaryIndex: 0,
      delta: stringValue(exact[3]!),
    };
  if (!isOneLineObject(data)) return undefined;
  // OpenAI writes `type` first; elsewhere it is looked for, and must be the only one.
  const first = data.startsWith('{"type":');
  const typeAt = first ? 8 : memberValue(data, 'type"');
  const uses = typeAt === -1 ? undefined : deltaTypeAt(data, typeAt);
  if (!uses) return undefined;
  const typeEnd = typeAt + uses.token.length;
  if (!first && data.includes('type"', typeEnd)) return undefined;
  const from = first ? typeEnd : 0;
  const delta = readString(data, memberValue(data, 'delta"', from));
  const outputIndex = indexField(data, 'output_index"', from);
  const contentIndex = uses.content ? indexField(data, 'content_index"', from) : 0;
  const summaryIndex = uses.summary ? indexField(data, 'summary_index"', from) : 0;
  if (delta === undefined || outputIndex === undefined) return undefined;
  if (contentIndex === undefined || summaryIndex === undefined) return undefined;
  return { type: uses.type, outputIndex, contentIndex, summaryIndex, delta: delta.value };
}
