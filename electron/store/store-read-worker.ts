import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openReadConnection } from './read-connection.ts';
import { toReadFailure } from './read-failure.ts';
import {
  readSources,
  runRead,
  type ReadReply,
  type ReadRequest,
  type ReadSources,
} from './store-reads.ts';

/**
 * The store reader's thread (store-reader.ts): the named reads of store-reads.ts on a read-only
 * connection of its own, one at a time, in the order they come. However long a read takes, the
 * gateway's event loop on the main thread keeps serving.
 */

const port = parentPort;
if (!port) throw new Error('store-read-worker.ts runs as a worker thread of StoreReader.');

const given: unknown = (workerData as { path?: unknown } | null)?.path;
if (typeof given !== 'string') throw new Error('The store reader needs the store file’s path.');
const path: string = given;

/**
 * On Linux a thread has a scheduling priority of its own (its id is in /proc/thread-self): this
 * one's is lowered (nice 10), so that on a busy machine the gateway's thread gets the CPU first
 * when a request comes in (bench/reads-off-loop.ts), while a read still moves on, a tenth as
 * fast at worst, when other programs keep every core busy. Elsewhere the thread keeps the
 * process's priority.
 */
function yieldToTheGateway(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0)
      setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // No /proc (macOS, Windows), or not allowed: reads run at the process's priority.
  }
}
yieldToTheGateway();

/** The query objects on a connection of this thread's own. */
function openSources(): ReadSources {
  const db = openReadConnection(path);
  try {
    return readSources(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

// Opened at the first read, so that a failure to open is that read's error, not a dead thread.
let sources: ReadSources | undefined;

port.on('message', (request: ReadRequest) => {
  let reply: ReadReply;
  try {
    sources ??= openSources();
    reply = { id: request.id, ok: true, value: runRead(sources, request) };
  } catch (error) {
    reply = { id: request.id, ok: false, failure: toReadFailure(error) };
  }
  try {
    port.postMessage(reply);
  } catch (error) {
    // A value that cannot be cloned is a bug in a read; its caller must still get an answer.
    port.postMessage({ id: request.id, ok: false, failure: toReadFailure(error) });
  }
});
