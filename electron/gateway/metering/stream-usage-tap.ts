import type { StreamDecoder } from '../canonical/format-codec.ts';
import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../canonical/canonical-stream.ts';
import { CODECS } from '../formats/codecs.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import { SseReader } from '../upstream/sse-reader.ts';
import { scratchContext } from './scratch-context.ts';

const USAGE_ONLY = /"choices"\s*:\s*\[\s*\]/;

/** The extra chunk that `stream_options.include_usage` adds: empty choices plus totals. */
export function isChatUsageOnlyChunk(data: string): boolean {
  if (!USAGE_ONLY.test(data)) return false;
  try {
    const chunk = JSON.parse(data) as { choices?: unknown; usage?: unknown };
    return (
      Array.isArray(chunk.choices) &&
      chunk.choices.length === 0 &&
      typeof chunk.usage === 'object' &&
      chunk.usage !== null
    );
  } catch {
    return false;
  }
}

/**
 * Watches a passed-through stream for metering: usage where the upstream reports it, and the
 * length of what was generated so far for an estimate when it does not (a cancelled stream).
 * It parses each event once; when the chat usage chunk must be hidden from the client, the
 * same parse re-emits the other events (`filtered` output) instead of the raw bytes.
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
  private readonly reader: SseReader;
  private readonly decoder: StreamDecoder;
  private readonly hideChatUsage: boolean;
  private filtered = '';

  constructor(format: WireFormat, hideChatUsage: boolean) {
    this.hideChatUsage = hideChatUsage;
    this.decoder = CODECS[format].createStreamDecoder(scratchContext());
    this.reader = new SseReader((event) => {
      if (this.hideChatUsage && !(event.data !== '[DONE]' && isChatUsageOnlyChunk(event.data))) {
        this.filtered += `data: ${event.data}\n\n`;
      }
      try {
        this.observe(this.decoder.push(event));
      } catch {
        // Metering never breaks a pass-through stream: an event it cannot read is the client's to judge.
      }
    });
  }

  /** Feeds raw bytes; returns what to send instead of them when filtering, else null (send them as they are). */
  push(chunk: Uint8Array): string | null {
    this.reader.push(chunk);
    if (!this.hideChatUsage) return null;
    const out = this.filtered;
    this.filtered = '';
    return out;
  }

  end(): string | null {
    this.reader.end();
    try {
      const last = this.decoder.end();
      const error = last.find((event) => event.type === 'error');
      if (error && !this.upstreamError)
        this.truncated = { message: error.message, ...(error.code ? { code: error.code } : {}) };
      this.observe(last.filter((event) => event.type !== 'error'));
    } catch {
      // as above
    }
    if (!this.hideChatUsage) return null;
    return this.filtered;
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
