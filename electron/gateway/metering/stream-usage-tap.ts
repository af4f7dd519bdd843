import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../canonical/canonical-stream.ts';
import type {
  FormatCodec,
  StreamDecoder,
  StreamFraming,
  StreamRecordReader,
} from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { scratchContext } from './scratch-context.ts';

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Watches a passed-through stream for metering: usage where the upstream reports it, and the
 * length of what was generated so far for an estimate when it does not (a cancelled stream).
 * It reads records in the codec's framing (SSE events, NDJSON lines) and parses each once; when
 * a record must be hidden from the client (chat's usage chunk the gateway asked for), the same
 * parse re-emits the other records (`filtered` output) instead of the raw bytes — but only for
 * chunks that hold a hidden record or a record cut by a chunk's edge: a chunk of whole, visible
 * records goes on as its raw bytes, which spares re-encoding every record as a string on the
 * stream's path (bench/FINDINGS.md #9).
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
  /** The visible records read since the last output, encoded only if the raw bytes cannot go. */
  private visible: { data: string; event: string | undefined }[] = [];
  /** Whether the bytes fed so far ended on a record boundary (nothing of a record is held). */
  private aligned = true;
  private hiddenInChunk = false;

  /** `hide` picks the records the client must not see; without it the bytes pass untouched. */
  constructor(codec: FormatCodec, hide?: (data: string) => boolean) {
    this.hide = hide;
    this.framing = codec.framing;
    this.decoder = codec.createStreamDecoder(scratchContext());
    this.reader = codec.framing.createReader((event) => {
      if (this.hide) {
        if (this.hide(event.data)) this.hiddenInChunk = true;
        else this.visible.push({ data: event.data, event: event.event });
      }
      try {
        const events = this.decoder.push(event);
        if (this.invalid === undefined && events.some((e) => e.type === 'error')) {
          // Rare (an error event), so the second parse costs nothing on the usual path.
          if (!isJson(event.data)) {
            const error = events.find((e) => e.type === 'error');
            this.invalid = {
              message:
                error?.type === 'error'
                  ? error.message
                  : 'The upstream sent a stream record that is not JSON.',
              code: 'upstream_invalid_response',
            };
            this.observe(events.filter((e) => e.type !== 'error'));
            return;
          }
        }
        this.observe(events);
      } catch {
        // Metering never breaks a pass-through stream: an event it cannot read is the client's to judge.
      }
    });
  }

  /** Feeds raw bytes; returns what to send instead of them when filtering, else null (send them as they are). */
  push(chunk: Uint8Array): string | null {
    if (this.tooLarge) return this.hide ? '' : null;
    try {
      this.reader.push(chunk);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      this.tooLarge = error;
    }
    if (!this.hide) return null;
    const onBoundary = this.framing.endsAtBoundary(chunk);
    const wholeRecords = this.aligned && onBoundary;
    this.aligned = onBoundary;
    const hidden = this.hiddenInChunk;
    this.hiddenInChunk = false;
    // Exactly the records parsed from this chunk, none hidden: its bytes say the same.
    if (wholeRecords && !hidden) {
      this.visible = [];
      return null;
    }
    return this.takeVisible();
  }

  end(): string | null {
    if (this.tooLarge) return this.hide ? '' : null;
    this.reader.end();
    try {
      const last = this.decoder.end();
      const error = last.find((event) => event.type === 'error');
      if (error && !this.upstreamError && !this.invalid)
        this.truncated = { message: error.message, ...(error.code ? { code: error.code } : {}) };
      this.observe(last.filter((event) => event.type !== 'error'));
    } catch {
      // as above
    }
    if (!this.hide) return null;
    return this.takeVisible();
  }

  private takeVisible(): string {
    const out = this.visible.map((record) => this.framing.writeRecord(record)).join('');
    this.visible = [];
    return out;
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
