import { Worker } from 'node:worker_threads';
import { fromReadFailure } from './read-failure.ts';
import type { ReadArgs, ReadName, ReadReply, ReadRequest, ReadResult } from './store-reads.ts';

/**
 * The worker's script. From the sources it is the file beside this one (Node strips its types);
 * the bundle makes it an entry of its own and rewrites this path to it, relative to whichever
 * chunk this code lands in (electron.vite.config.ts).
 */
const WORKER_URL = new URL('./store-read-worker.ts', import.meta.url);

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface StoreReaderOptions {
  /** Another worker script (the tests' one that crashes on demand). */
  workerUrl?: URL;
}

/**
 * The store's heavier reads (log search and export, Usage, chat search) on a worker thread with
 * its own read-only connection: the SQLite binding is synchronous, so on the main thread a read
 * of a large log would hold up every request the gateway is serving meanwhile.
 *
 * The worker starts at the first read. A worker that dies fails the reads it had (the error
 * says so) and the next read starts another. While no read is waiting, the worker does not keep
 * the process alive; `close()` ends it.
 */
export class StoreReader {
  private readonly path: string;
  private readonly workerUrl: URL;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed: Promise<void> | null = null;

  constructor(path: string, options: StoreReaderOptions = {}) {
    this.path = path;
    this.workerUrl = options.workerUrl ?? WORKER_URL;
  }

  /** The worker thread's id while one runs, else null. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  /**
   * Starts the worker now, so the first read does not wait for a thread and its connection to
   * come up (most of a second from the sources on a busy machine). Idle, it keeps nothing alive.
   */
  warm(): void {
    if (this.closed || this.worker) return;
    this.start();
  }

  /** What the read returns on the worker's connection, or the error it throws there. */
  read<N extends ReadName>(name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>> {
    // Whatever throws here (a closed store, arguments that cannot be cloned) rejects the read.
    return new Promise<ReadResult<N>>((resolve, reject) => {
      if (this.closed) throw new Error('The store is closed.');
      const worker = this.worker ?? this.start();
      const id = this.nextId++;
      worker.postMessage({ id, name, args } satisfies ReadRequest);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
    });
  }

  /** Ends the worker; reads still waiting fail. Resolves once the thread has exited. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      const worker = this.worker;
      this.worker = null;
      this.failPending(new Error('The store is closed.'));
      if (worker) await worker.terminate();
    })();
    return this.closed;
  }

  private start(): Worker {
    const worker = new Worker(this.workerUrl, {
      workerData: { path: this.path },
      name: 'store-reader',
    });
    let failure: Error | null = null;
    worker.on('message', (reply: ReadReply) => this.answer(worker, reply));
    // An uncaught error ends the thread: 'exit' follows and fails what was waiting.
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const why = failure ? failure.message : `exit code ${code}`;
      const stopped = new Error(
        `The store reader stopped (${why}) before answering; the next read starts it again.`,
      );
      if (failure) stopped.cause = failure;
      this.failPending(stopped);
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer(worker: Worker, reply: ReadReply): void {
    const call = this.pending.get(reply.id);
    if (!call) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(fromReadFailure(reply.failure));
  }

  private failPending(error: Error): void {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) call.reject(error);
  }
}
