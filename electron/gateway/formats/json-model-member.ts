const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

const MODEL_KEY = Buffer.from('"model"');

/** The end (exclusive) of the JSON string starting at `start` (its opening quote). */
function stringEnd(raw: Buffer, start: number): number {
  for (let i = start + 1; i < raw.length; i += 1) {
    const byte = raw[i];
    if (byte === BACKSLASH) i += 1;
    else if (byte === QUOTE) return i + 1;
  }
  return raw.length;
}

const isSpace = (byte: number | undefined): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * The byte span of the value of the top-level `"model"` member (the last one, as JSON.parse
 * takes the last of duplicate keys), or undefined when the key is not written plainly.
 */
function modelValueSpan(raw: Buffer): { start: number; end: number } | undefined {
  let depth = 0;
  let expectKey = false;
  let found: { start: number; end: number } | undefined;
  for (let i = 0; i < raw.length; i += 1) {
    const byte = raw[i];
    if (byte === QUOTE) {
      const end = stringEnd(raw, i);
      if (depth === 1 && expectKey && raw.compare(MODEL_KEY, 0, MODEL_KEY.length, i, end) === 0) {
        let value = end;
        while (isSpace(raw[value])) value += 1;
        if (raw[value] === COLON) {
          value += 1;
          while (isSpace(raw[value])) value += 1;
          if (raw[value] === QUOTE) found = { start: value, end: stringEnd(raw, value) };
        }
      }
      expectKey = false;
      i = end - 1;
    } else if (byte === OPEN_BRACE) {
      depth += 1;
      expectKey = depth === 1;
    } else if (byte === OPEN_BRACKET) {
      depth += 1;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    } else if (byte === COMMA && depth === 1) {
      expectKey = true;
    }
  }
  return found;
}

/**
 * A JSON body (already parsed once, so well formed) with its top-level `model` set to `model`,
 * every other byte as the client wrote it. A key written with escapes (`"mod\u0065l"`) is not
 * found by the byte scan; the body is then written anew from its parsed form.
 */
export function withModelMember(raw: Buffer, model: string): Buffer {
  const span = modelValueSpan(raw);
  const value = Buffer.from(JSON.stringify(model));
  if (span) return Buffer.concat([raw.subarray(0, span.start), value, raw.subarray(span.end)]);
  const body = JSON.parse(raw.toString()) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...body, model }));
}
