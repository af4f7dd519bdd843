import type { StreamRecord, StreamRecordReader } from '../canonical/format-codec.ts';
import { answerTooLarge, MAX_STREAM_RECORD_CHARS } from './answer-limits.ts';

/**
 * Feeds raw bytes of newline-delimited JSON (split anywhere, even inside a UTF-8 sequence) and
 * calls `onRecord` with each line, as a record whose `data` is the line: the shape SSE records
 * have, so stream decoders read either. A line's `\r` before its `\n` is dropped, blank lines are
 * skipped. The line being read is held as its pieces and joined once it ends (no quadratic
 * copying of a long line); past `maxRecordChars` of one unfinished line, `push` throws the
 * gateway's 502.
 */
export class NdjsonReader implements StreamRecordReader {
  private readonly decoder = new TextDecoder();
  private readonly onRecord: (record: StreamRecord) => void;
  private readonly maxRecordChars: number;
  /** The unfinished line's pieces, and their length. */
  private pieces: string[] = [];
  private pending = 0;

  constructor(onRecord: (record: StreamRecord) => void, maxRecordChars = MAX_STREAM_RECORD_CHARS) {
    this.onRecord = onRecord;
    this.maxRecordChars = maxRecordChars;
  }

  push(chunk: Uint8Array): void {
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** Flushes a last line that lacked its newline. */
  end(): void {
    this.feed(this.decoder.decode());
    if (this.pieces.length > 0) this.emit(this.take(''));
  }

  private feed(text: string): void {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      this.emit(this.take(text.slice(start, newline)));
      start = newline + 1;
    }
    if (start === text.length) return;
    const rest = start === 0 ? text : text.slice(start);
    this.pieces.push(rest);
    this.pending += rest.length;
    if (this.pending > this.maxRecordChars)
      throw answerTooLarge('a stream record', this.maxRecordChars);
  }

  /** The held pieces and `last`, as one line; nothing is held after. */
  private take(last: string): string {
    if (this.pieces.length === 0) return last;
    this.pieces.push(last);
    const line = this.pieces.join('');
    this.pieces = [];
    this.pending = 0;
    return line;
  }

  private emit(line: string): void {
    const data = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (data.trim() === '') return;
    this.onRecord({ data, event: undefined, id: undefined });
  }
}
