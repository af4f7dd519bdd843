import { parentPort } from 'node:worker_threads';
import type { ReadRequest } from '../../../electron/store/store-reads.ts';

/**
 * The store reader's worker (store-read-worker.ts) that dies, as a crash in SQLite or V8 would
 * end it, when asked for a chat search: at once, answering neither that read nor any queued
 * behind it. Every other read it answers as the real one does: this listener only comes first.
 */
parentPort?.on('message', (request: ReadRequest) => {
  if (request.name === 'searchConversations') process.exit(70);
});
await import('../../../electron/store/store-read-worker.ts');
