import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestRecord } from './request-record.ts';
import { newRequestId } from './request-id.ts';

/**
 * Per-request state: the id sent to the client and upstream, the abort signal that a client
 * disconnect fires, and the record that describes the request once it is over.
 */
export class RequestContext {
  readonly id = newRequestId();
  readonly record: RequestRecord;
  /** The raw request body once read (kept for body capture). */
  requestBody: Buffer | null = null;
  /** The client's request headers (some formats carry request options in them). */
  readonly headers: IncomingMessage['headers'];
  /** The peer's address: some requests are taken only from this machine. */
  readonly remoteAddress: string | undefined;
  private readonly controller = new AbortController();
  private readonly started = performance.now();
  private readonly closed: Promise<void>;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.headers = req.headers;
    this.remoteAddress = req.socket.remoteAddress;
    this.record = {
      requestId: this.id,
      startedAt: Date.now(),
      client: null,
      clientTokenId: null,
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      clientFormat: null,
      upstreamFormat: null,
      route: 'local',
      model: null,
      modelRoute: null,
      servedModel: null,
      modelAttempts: [],
      stream: false,
      status: 0,
      errorKind: null,
      errorMessage: null,
      latencyMs: 0,
      ttfbMs: null,
      attempts: 0,
      cancelled: false,
      rules: [],
      dropped: [],
      usage: null,
      usageEstimated: false,
      costUsd: null,
      tariff: null,
      capture: null,
      limitHold: null,
    };
    // A client that goes away before the answer is complete cancels the upstream call at once.
    this.closed = new Promise((resolve) => {
      res.once('close', () => {
        if (!res.writableFinished) {
          this.record.cancelled = true;
          this.controller.abort();
        }
        resolve();
      });
    });
  }

  /** Resolves when the response is closed, finished or not. */
  whenClosed(): Promise<void> {
    return this.closed;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  markFirstByte(): void {
    this.record.ttfbMs ??= performance.now() - this.started;
  }

  finish(status: number): RequestRecord {
    this.record.status = status;
    this.record.latencyMs = performance.now() - this.started;
    return this.record;
  }
}
