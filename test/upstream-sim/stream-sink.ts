import type { Exchange } from './exchange.ts';

export interface StreamEvent {
  /** SSE `event:` name; only the responses format uses one. */
  event?: string;
  data: unknown;
}

/**
 * `sse` = `data:` records; `json-array` = Google's streaming reply without `alt=sse`; `ndjson` =
 * one JSON object a line (Ollama's streams).
 */
export type Framing = 'sse' | 'json-array' | 'ndjson';

export interface StreamPlan {
  chunkDelayMs: number;
  /** Drop the connection after this many records. */
  cutAfter: number | null;
  /** Replace the rest of the stream with the format's in-stream error after 2 records. */
  errorMidStream: boolean;
}

/** Writes records one at a time, honouring delays, cuts, backpressure and early closes. */
export class StreamSink {
  readonly #ex: Exchange;
  readonly #plan: StreamPlan;
  readonly #framing: Framing;
  #sent = 0;

  constructor(ex: Exchange, plan: StreamPlan, framing: Framing) {
    this.#ex = ex;
    this.#plan = plan;
    this.#framing = framing;
  }

  get sent(): number {
    return this.#sent;
  }

  /** Resolves false once the stream is over (closed by the client or cut). */
  async send(ev: StreamEvent): Promise<boolean> {
    if (this.#ex.closed) return false;
    const wait = this.#plan.chunkDelayMs;
    if (this.#sent > 0 && wait > 0 && !(await this.#ex.sleep(wait))) return false;
    return this.#write(this.#frame(ev));
  }

  /** Ends the stream, after an optional trailer such as chat's `[DONE]` record. */
  async finish(trailer?: string): Promise<void> {
    if (this.#ex.closed) return;
    const tail = this.#framing === 'json-array' ? ']' : trailer;
    if (tail !== undefined && !(await this.#write(tail))) return;
    this.#ex.res.end();
  }

  #frame(ev: StreamEvent): string {
    const json = JSON.stringify(ev.data);
    if (this.#framing === 'json-array') return (this.#sent === 0 ? '[' : ',\r\n') + json;
    if (this.#framing === 'ndjson') return `${json}\n`;
    return ev.event === undefined ? `data: ${json}\n\n` : `event: ${ev.event}\ndata: ${json}\n\n`;
  }

  async #write(record: string): Promise<boolean> {
    const cutAfter = this.#plan.cutAfter;
    if (cutAfter !== null && this.#sent >= cutAfter) {
      this.#ex.cut();
      return false;
    }
    this.#sent += 1;
    if (!this.#ex.res.write(record)) await drained(this.#ex);
    return !this.#ex.closed;
  }
}

function drained(ex: Exchange): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      ex.res.off('drain', done);
      ex.res.off('close', done);
      resolve();
    };
    ex.res.on('drain', done);
    ex.res.on('close', done);
  });
}

/**
 * Sends `events` through `sink`; with `errorMidStream` the format's error records
 * replace everything after the second record, then the stream ends.
 */
export async function pumpEvents(
  sink: StreamSink,
  events: Iterable<StreamEvent>,
  plan: StreamPlan,
  errorEvents: (sequence: number) => StreamEvent[],
  trailer?: string,
): Promise<void> {
  for (const ev of events) {
    if (plan.errorMidStream && sink.sent >= 2) {
      for (const err of errorEvents(sink.sent)) if (!(await sink.send(err))) return;
      await sink.finish();
      return;
    }
    if (!(await sink.send(ev))) return;
  }
  await sink.finish(trailer);
}
