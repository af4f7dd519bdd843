import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { renderOpenAiFailure } from './errors.ts';
import type { SimFailure } from './errors.ts';
import type { Journal, JournalEntry } from './journal.ts';
import type { SimFormat } from './sim-format.ts';

/**
 * One request/response pair: every write goes through here so the journal learns the
 * status, completion and early closes, and nothing is written after the socket is gone.
 */
export class Exchange {
  readonly res: ServerResponse;
  readonly entry: JournalEntry;
  readonly #journal: Journal;
  readonly #abort = new AbortController();
  #closed = false;
  #cutByServer = false;

  constructor(res: ServerResponse, entry: JournalEntry, journal: Journal) {
    this.res = res;
    this.entry = entry;
    this.#journal = journal;
    res.on('finish', () => {
      entry.finished = true;
      journal.changed(entry);
    });
    res.on('close', () => {
      this.#closed = true;
      if (!entry.finished && !this.#cutByServer) entry.clientClosedEarly = true;
      // Wakes any pending chunk or first-byte delay so its timer is cleared at once.
      this.#abort.abort();
      journal.changed(entry);
    });
    // The client may have left while its body was still being read.
    if (res.socket === null || res.socket.destroyed) {
      this.#closed = true;
      entry.clientClosedEarly = true;
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Resolves false when the connection closed during the wait. */
  async sleep(ms: number): Promise<boolean> {
    if (this.#closed) return false;
    try {
      await delay(ms, undefined, { signal: this.#abort.signal });
    } catch {
      return false;
    }
    return !this.#closed;
  }

  #head(status: number, headers: Record<string, string>): void {
    headers['x-request-id'] = `sim-${this.entry.id}`;
    this.res.writeHead(status, headers);
    this.entry.status = status;
    this.#journal.changed(this.entry);
  }

  sendJson(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.sendRaw(status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
  }

  sendRaw(status: number, body: string, headers: Record<string, string>): void {
    if (this.#closed) return;
    headers['content-length'] = String(Buffer.byteLength(body));
    this.#head(status, headers);
    this.res.end(body);
  }

  /** Answers with a failure in a format's error shape, or the relay's own (OpenAI's) without one. */
  fail(format: SimFormat | undefined, failure: SimFailure): void {
    const rendered = format?.renderError(failure, this.entry.id) ?? renderOpenAiFailure(failure);
    this.sendRaw(rendered.status, rendered.body, rendered.headers);
  }

  /** Sends the headers at once so the client sees the stream open before the first event. */
  startStream(contentType: string, headers: Record<string, string> = {}): void {
    if (this.#closed) return;
    this.#head(200, { 'content-type': contentType, 'cache-control': 'no-cache', ...headers });
    this.res.flushHeaders();
  }

  /**
   * Drops the connection with no terminal event: what a client sees when the network
   * or the provider dies. Data already written is flushed first.
   */
  cut(): void {
    if (this.#closed) return;
    this.#cutByServer = true;
    const socket = this.res.socket;
    if (socket === null) {
      this.res.destroy();
    } else if (this.res.headersSent) {
      socket.end(() => socket.destroy());
    } else {
      socket.destroy();
    }
  }
}
