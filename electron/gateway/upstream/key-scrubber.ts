/**
 * Removes one secret (the upstream key) from what an upstream sends, in every form it can take
 * there: as sent, JSON-escaped (any character as `\uXXXX`, `/` as `\/`) and URL-encoded (any
 * character as `%XX`, either case). A buggy or hostile relay that echoes the key must not get it
 * to a client, a log line or the store, and the gateway must not decode an escaped form back
 * into the key either, so scrubbing happens on the upstream's bytes before anything reads them.
 *
 * Bytes are handled as latin1 strings (one character per byte), so everything but the key's
 * forms passes through byte for byte.
 */
export const KEY_REDACTED = '[REDACTED]';

/** Shorter keys are not scrubbed: a short string would match ordinary text. */
const MIN_KEY_LENGTH = 8;
/** Markers one of the escaped forms must contain; without them only the raw key can be there. */
const ESCAPE_MARKERS = ['\\u', '\\U', '\\/', '%'];

const hex = (code: number): string => code.toString(16).padStart(2, '0');
const escapeRegex = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** One character of the key in any of its forms (hex digits in either case: the `i` flag). */
function charForms(c: string): string {
  const code = c.charCodeAt(0);
  const forms = [escapeRegex(c), `\\\\u00${hex(code)}`, `%${hex(code)}`];
  if (c === '/') forms.push('\\\\/');
  return `(?:${forms.join('|')})`;
}

export interface KeyScrubber {
  /** The text with every form of the key replaced. */
  text(text: string): string;
  /** The same for bytes; the same Buffer back when the key is not there. */
  bytes(bytes: Buffer): Buffer;
  /** A scrubber for a stream of chunks (see `StreamScrubber`). */
  stream(): StreamScrubber;
}

export function keyScrubber(key: string): KeyScrubber {
  if (key.length < MIN_KEY_LENGTH) {
    const none: KeyScrubber = {
      text: (text) => text,
      bytes: (bytes) => bytes,
      stream: () => new StreamScrubber(none),
    };
    return none;
  }
  // Case-insensitive for the hex digits; a case variant of the key redacted too does no harm.
  const pattern = new RegExp([...key].map(charForms).join(''), 'gi');
  const mayHold = (text: string): boolean =>
    text.includes(key) || ESCAPE_MARKERS.some((marker) => text.includes(marker));
  const scrubber: KeyScrubber = {
    text: (text) => (mayHold(text) ? text.replace(pattern, KEY_REDACTED) : text),
    bytes(bytes) {
      // On the pass-through path for every answer: searched as bytes, decoded only if suspect.
      if (!bytes.includes(key) && !ESCAPE_MARKERS.some((marker) => bytes.includes(marker)))
        return bytes;
      const latin1 = bytes.toString('latin1');
      const out = latin1.replace(pattern, KEY_REDACTED);
      return out === latin1 ? bytes : Buffer.from(out, 'latin1');
    },
    stream: () => new StreamScrubber(scrubber),
  };
  return scrubber;
}

/** The empty hold, shared: most chunks end on a line break and leave nothing held. */
const NOTHING = Buffer.alloc(0);

/**
 * Scrubs a byte stream whose chunks may split the key. No form of a key holds a line break, so
 * what follows a chunk's last line break is held back until the next chunk (or the end); a
 * stream of SSE records, whose chunks end with a blank line, is therefore never delayed.
 */
class StreamScrubber {
  /** A line longer than this goes out anyway but for a tail long enough to hold a key's form. */
  private static readonly MAX_HELD = 64 * 1024;
  private held: Buffer = NOTHING;
  private readonly scrubber: KeyScrubber;

  constructor(scrubber: KeyScrubber) {
    this.scrubber = scrubber;
  }

  push(chunk: Buffer): Buffer {
    const data = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    let cut = data.lastIndexOf(0x0a) + 1;
    if (data.length - cut > StreamScrubber.MAX_HELD) cut = data.length - 1024;
    this.held = cut < data.length ? Buffer.from(data.subarray(cut)) : NOTHING;
    return this.scrubber.bytes(cut === data.length ? data : data.subarray(0, cut));
  }

  /** What was held back, scrubbed. */
  end(): Buffer {
    const rest = this.held;
    this.held = NOTHING;
    return this.scrubber.bytes(rest);
  }
}
