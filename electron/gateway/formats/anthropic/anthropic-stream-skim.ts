import { readNumber, readString, readTokens, stringValue, template, tokens } from '../skim-json.ts';

/** A delta exactly as Anthropic (and the simulator) write it. */
const ANTHROPIC_DELTA = template(
  String.raw`\{"type":"content_block_delta","index":(<int>),"delta":\{"type":"(text_delta|thinking_delta|input_json_delta)","(text|thinking|partial_json)":(<str>)\}\}`,
);

const HEAD = tokens('{', '"type"', ':', '"content_block_delta"', ',', '"index"', ':');
const DELTA = tokens(',', '"delta"', ':', '{', '"type"', ':');
const END = tokens('}', '}');

/** The deltas of text a block streams, and the field each carries its text in. */
const DELTAS = [
  ['text_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['input_json_delta', 'partial_json'],
].map(([type, field]) => ({
  type: type!,
  field: field!,
  head: tokens(`"${type}"`, ',', `"${field}"`, ':'),
}));

/** A `content_block_delta` as the decoder reads it. */
export interface AnthropicBlockDelta {
  index: number;
  delta: Record<string, string>;
}

/**
 * A `content_block_delta` of text, thinking or tool input, read without parsing it: the whole
 * event in the shape Anthropic writes it, `{"type":"content_block_delta","index":N,
 * "delta":{"type":"text_delta","text":"…"}}`, and nothing else. Undefined for any other
 * event, which must be parsed.
 */
export function anthropicBlockDelta(data: string): AnthropicBlockDelta | undefined {
  const exact = ANTHROPIC_DELTA.exec(data);
  const entry = exact && DELTAS.find((d) => d.type === exact[2] && d.field === exact[3]);
  if (exact && entry)
    return {
      index: Number(exact[1]),
      delta: { type: entry.type, [entry.field]: stringValue(exact[4]!) },
    };
  const index = readNumber(data, readTokens(data, 0, HEAD));
  if (index === undefined) return undefined;
  const body = readTokens(data, index.end, DELTA);
  for (const { type, field, head } of DELTAS) {
    const value = readString(data, readTokens(data, body, head));
    if (value === undefined) continue;
    // The event ends with its delta: nothing after it to read.
    if (readTokens(data, value.end, END) !== data.length) return undefined;
    return { index: index.value, delta: { type, [field]: value.value } };
  }
  return undefined;
}
