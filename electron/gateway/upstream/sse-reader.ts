import { createParser } from 'eventsource-parser';
import type { StreamRecord, StreamRecordReader } from '../canonical/format-codec.ts';
import { answerTooLarge, MAX_STREAM_RECORD_CHARS } from './answer-limits.ts';

/**
 * Feeds raw upstream bytes (split anywhere, even inside a UTF-8 sequence) to an SSE parser. The
 * parser keeps an unfinished record in memory, so one that never ends would grow without bound:
 * past `maxRecordChars` since the last record, `push` throws the gateway's 502.
 */
export class SseReader implements StreamRecordReader {
  private readonly decoder = new TextDecoder();
  private readonly parser;
  private readonly maxRecordChars: number;
  /** Characters fed since the last record or comment ended (an upper bound: within one chunk). */
  private pending = 0;
  private recordEnded = false;

  constructor(onEvent: (event: StreamRecord) => void, maxRecordChars = MAX_STREAM_RECORD_CHARS) {
    this.maxRecordChars = maxRecordChars;
    this.parser = createParser({
      onEvent: (event) => {
        this.recordEnded = true;
        onEvent(event);
      },
      onComment: () => {
        this.recordEnded = true;
      },
    });
  }

  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, { stream: true });
    this.recordEnded = false;
    this.parser.feed(text);
    // A record ended in this chunk: count what is open from its last line (a chunk is small, so
    // lines of an open record before it in the same chunk cannot matter to the cap).
    this.pending = this.recordEnded
      ? text.length - 1 - text.lastIndexOf('\n')
      : this.pending + text.length;
    if (this.pending > this.maxRecordChars)
      throw answerTooLarge('a stream record', this.maxRecordChars);
  }

  /** Flushes a last event that lacked its blank line. */
  end(): void {
    this.parser.feed(this.decoder.decode() + '\n\n');
  }
}
