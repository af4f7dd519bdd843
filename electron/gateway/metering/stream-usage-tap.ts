import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../canonical/canonical-stream.ts';
import type {
  FormatCodec,
  StreamDecoder,
  StreamFraming,
  StreamRecord,
  StreamRecordReader,
} from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { answerTooLarge, MAX_STREAM_RECORD_CHARS } from '../upstream/answer-limits.ts';
import { scratchContext } from './scratch-context.ts';

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const NOTHING = new Uint8Array(0);

/**
 * Watches a passed-through stream for metering: usage where the upstream reports it, and the
 * length of what was generated so far for an estimate when it does not (a cancelled stream).
 * It reads records in the codec's framing (SSE events, NDJSON lines); a record of plain text
 * is read by the decoder's skim, without parsing it, and only the others (the first, usage,
 * the end, errors) are parsed: parsing every record was most of a streamed record's cost.
 *
 * When a record must be hidden from the client (chat's usage chunk the gateway asked for),
 * the tap passes on only whole records: the bytes up to the chunk's last record boundary go
 * on as they are (the reader is fed exactly those), and the rest is held until its record
 * ends. Only bytes that hold a hidden record are re-emitted, record by record, without it.
 */
export class StreamUsageTap {
  usage: CanonicalUsage | undefined;
  outputChars = 0;
  /** The upstream's own in-stream error, which reached the client in the forwarded bytes. */
  upstreamError: { message: string; code?: string } | undefined;
  /**
   * Set by `end()` when the stream stopped without its terminal event (chat's finish reason,
   * responses' `response.completed`, Gemini's finish reason): the answer is incomplete although
   * the connection ended cleanly, and only the gateway can tell the client.
   */
  truncated: { message: string; code?: string } | undefined;
  /**
   * The first record that is not JSON at all: the decoder reports it as an error event, but the
   * upstream never said so, so the client has not been told and the gateway must end the stream
   * with the format's error.
   */
  invalid: { message: string; code?: string } | undefined;
  /**
   * Set when a record grew past the reader's cap: nothing more is read, and the stream must be
   * cut with the format's error (the client has part of that record).
   */
  tooLarge: GatewayError | undefined;
  private readonly framing: StreamFraming;
  private readonly reader: StreamRecordReader;
  private readonly decoder: StreamDecoder;
  private readonly hide: ((data: string) => boolean) | undefined;
  /** Hiding: the bytes after the last whole record, held until their record ends. */
  private held: Uint8Array[] = [];
  private heldLength = 0;
  /** Hiding: the visible records of the bytes fed last, re-emitted if one beside them is hidden. */
  private visible: StreamRecord[] = [];
  private hiddenInFed = false;
  /** Set while the reader flushes what the stream's end left open. */
  private ending = false;

  /** `hide` picks the records the client must not see; without it the bytes pass untouched. */
  constructor(codec: FormatCodec, hide?: (data: string) => boolean) {
    this.hide = hide;
    this.framing = codec.framing;
    this.decoder = codec.createStreamDecoder(scratchContext());
    this.reader = codec.framing.createReader((record) => {
      const skimmed = this.read(record);
      if (!this.hide) return;
      // A record the decoder skims holds nothing but text: never one to hide, so not looked at.
      if (!skimmed && this.hide(record.data)) this.hiddenInFed = true;
      else this.visible.push(record);
    });
  }

  /**
   * Feeds raw bytes; returns what to send instead of them when hiding records (the whole
   * records among them and before them, as bytes, or re-emitted as text), else null (send them
   * as they are).
   */
  push(chunk: Uint8Array): Uint8Array | string | null {
    if (this.tooLarge) return this.hide ? '' : null;
    if (!this.hide) {
      this.feed(chunk);
      return null;
    }
    const end = this.framing.lastRecordEnd(chunk, this.heldTail());
    const whole = end === 0 ? NOTHING : this.takeHeld(chunk.subarray(0, end));
    this.hold(chunk.subarray(end));
    if (this.tooLarge || whole.length === 0) return '';
    this.feed(whole);
    return this.release(whole);
  }

  end(): Uint8Array | string | null {
    if (this.tooLarge) return this.hide ? '' : null;
    this.ending = true;
    // What is held never ended its record: the reader's end flushes it as the last one.
    const rest = this.takeHeld(NOTHING);
    if (rest.length > 0) this.feed(rest);
    this.reader.end();
    try {
      const last = this.decoder.end();
      const error = last.find((event) => event.type === 'error');
      if (error && !this.upstreamError && !this.invalid)
        this.truncated = { message: error.message, ...(error.code ? { code: error.code } : {}) };
      this.observe(last.filter((event) => event.type !== 'error'));
    } catch {
      // as in `read`
    }
    if (!this.hide) return null;
    return this.release(rest);
  }

  private feed(bytes: Uint8Array): void {
    try {
      this.reader.push(bytes);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      this.tooLarge = error;
    }
  }

  /** Reads one record for metering; true when the decoder's skim read it (a record of text). */
  private read(record: StreamRecord): boolean {
    try {
      // A record the stream's end flushed may be cut short: only JSON.parse can tell.
      const skimmed = this.ending ? undefined : this.decoder.skim?.(record);
      if (skimmed !== undefined) {
        this.observe(skimmed);
        return true;
      }
      const events = this.decoder.push(record);
      if (this.invalid === undefined && events.some((e) => e.type === 'error')) {
        // Rare (an error event), so the second parse costs nothing on the usual path.
        if (!isJson(record.data)) {
          const error = events.find((e) => e.type === 'error');
          this.invalid = {
            message:
              error?.type === 'error'
                ? error.message
                : 'The upstream sent a stream record that is not JSON.',
            code: 'upstream_invalid_response',
          };
          this.observe(events.filter((e) => e.type !== 'error'));
          return false;
        }
      }
      this.observe(events);
    } catch {
      // Metering never breaks a pass-through stream: an event it cannot read is the client's to judge.
    }
    return false;
  }

  /** The bytes fed last, as they came when none of their records is hidden. */
  private release(fed: Uint8Array): Uint8Array | string {
    const hidden = this.hiddenInFed;
    const records = this.visible;
    this.hiddenInFed = false;
    this.visible = [];
    if (!hidden) return fed;
    return records.map((record) => this.framing.writeRecord(record)).join('');
  }

  /** The last two bytes held, where a record boundary that ends in the next chunk may start. */
  private heldTail(): Uint8Array {
    const last = this.held.at(-1) ?? NOTHING;
    if (last.length >= 2 || this.held.length < 2) return last;
    return Buffer.concat(this.held.slice(-2)).subarray(-2);
  }

  /** What is held, then `tail`, as one run of bytes; nothing is held after. */
  private takeHeld(tail: Uint8Array): Uint8Array {
    if (this.held.length === 0) return tail;
    const bytes = Buffer.concat([...this.held, tail]);
    this.held = [];
    this.heldLength = 0;
    return bytes;
  }

  private hold(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    // A copy: a small tail must not keep the whole chunk it came in alive.
    this.held.push(Buffer.from(bytes));
    this.heldLength += bytes.length;
    // A record that never ends is cut where the reader would cut it (bytes count at least as
    // many as the characters they decode to).
    if (this.heldLength > MAX_STREAM_RECORD_CHARS) {
      this.tooLarge = answerTooLarge('a stream record', MAX_STREAM_RECORD_CHARS);
      this.held = [];
      this.heldLength = 0;
    }
  }

  private observe(events: CanonicalStreamEvent[]): void {
    for (const event of events) {
      if (event.type === 'usage') this.usage = event.usage;
      else if (event.type === 'error')
        this.upstreamError ??= {
          message: event.message,
          ...(event.code ? { code: event.code } : {}),
        };
      else if (
        event.type === 'text-delta' ||
        event.type === 'reasoning-delta' ||
        event.type === 'refusal-delta'
      )
        this.outputChars += event.text.length;
      else if (event.type === 'tool-call-delta') this.outputChars += event.argumentsDelta.length;
      else if (event.type === 'tool-call-start') this.outputChars += event.name.length;
    }
  }
}
