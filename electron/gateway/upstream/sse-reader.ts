import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Feeds raw upstream bytes (split anywhere, even inside a UTF-8 sequence) to an SSE parser. */
export class SseReader {
  private readonly decoder = new TextDecoder();
  private readonly parser;

  constructor(onEvent: (event: EventSourceMessage) => void) {
    this.parser = createParser({ onEvent });
  }

  push(chunk: Uint8Array): void {
    this.parser.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** Flushes a last event that lacked its blank line. */
  end(): void {
    this.parser.feed(this.decoder.decode() + '\n\n');
  }
}
