import type { IncomingMessage } from 'node:http';

/** How much of an unread body is read and thrown away after an early answer. */
export interface DrainLimits {
  maxBytes: number;
  /** From the answer on, however the body keeps coming. */
  maxMs: number;
  /** The longest pause between two pieces of the body. */
  idleMs: number;
}

/** About nginx's lingering close (`lingering_time` 30 s, `lingering_timeout` 5 s), smaller. */
export const DRAIN_LIMITS: DrainLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxMs: 10_000,
  idleMs: 2_000,
};

/**
 * Reads and throws away the rest of a request body the gateway answered before reading it (a
 * 413 for its size, a 401 before it), as nginx's lingering close does. A client sends its whole
 * body before it reads the answer; closing the connection under it makes the kernel reset it,
 * and the client reports a broken pipe instead of the answer. The body's own length or chunks
 * tell where it ends, so the connection is fit for the next request once it has been read. What
 * is read is bounded in bytes and time: past either, the connection is cut.
 */
export function drainUnreadBody(req: IncomingMessage, limits: DrainLimits = DRAIN_LIMITS): void {
  if (req.complete || req.destroyed) return;
  const socket = req.socket;
  let drained = 0;
  const cut = (): void => {
    finish();
    socket.destroy();
  };
  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > limits.maxBytes) cut();
    else idle.refresh();
  };
  const finish = (): void => {
    clearTimeout(total);
    clearTimeout(idle);
    req.off('data', onData);
    req.off('end', finish);
    socket.off('close', finish);
  };
  const total = setTimeout(cut, limits.maxMs);
  const idle = setTimeout(cut, limits.idleMs);
  // A process shutting down does not wait for a client's leftover bytes.
  total.unref();
  idle.unref();
  req.on('data', onData);
  req.once('end', finish);
  socket.once('close', finish);
  req.resume();
}
