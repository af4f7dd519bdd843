import { expect } from 'vitest';
import type { FormatKit, KitReply } from '../format-kits/format-kit.ts';
import { streamError } from '../format-kits/stream-records.ts';
import { makeFailure } from '../upstream-sim/errors.ts';
import {
  chunk,
  head,
  jsonAnswer,
  lastChunk,
  end,
  reset,
  wait,
  type FaultStep,
} from './fault-upstream.ts';

/**
 * Ways to damage or reshape a real streamed body as steps for the fault upstream: the same
 * bytes in pieces, cut short or reset. The framing's own variants (CRLF, comments for SSE) and
 * the reading of records come from each format's kit.
 */

/** The head of a streamed answer in the kit's framing. */
export const streamHead = (kit: FormatKit): FaultStep =>
  head(200, { 'content-type': kit.stream.framing.contentType, 'transfer-encoding': 'chunked' });

/** The body in pieces of `size` bytes, each its own chunk after a pause, so reads split lines. */
export function inPieces(body: string | Buffer, size: number, pauseMs = 1): FaultStep[] {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const steps: FaultStep[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    if (at > 0 && pauseMs >= 0) steps.push(wait(pauseMs));
    steps.push(chunk(bytes.subarray(at, at + size)));
  }
  return steps;
}

/** Given pieces, each its own chunk, `pauseMs` apart. */
export function piecesApart(pieces: readonly string[], pauseMs: number): FaultStep[] {
  return pieces.flatMap((piece, i) => [
    ...(i > 0 && pauseMs > 0 ? [wait(pauseMs)] : []),
    chunk(piece),
  ]);
}

/** A whole streamed answer: head, the body steps, the last chunk, then the connection closes. */
export const streamAnswer = (kit: FormatKit, body: FaultStep[]): FaultStep[] => [
  streamHead(kit),
  ...body,
  lastChunk,
  end,
];

/** A streamed answer whose connection is reset once `offset` bytes of the body have gone. */
export function streamResetAt(kit: FormatKit, body: string, offset: number): FaultStep[] {
  const bytes = Buffer.from(body).subarray(0, offset);
  return [streamHead(kit), ...(bytes.length > 0 ? [chunk(bytes), wait(5)] : []), reset];
}

/**
 * A stream that broke: the client learns it in its own format, never from a silent 200. Once
 * bytes of the answer reached it, the status line has gone and the stream ends with its format's
 * in-stream error; before that (a translated stream whose first upstream records gave the client
 * nothing yet), the answer is an error status in its format. Returns which of the two it was.
 */
export function expectBrokenStream(
  kit: FormatKit,
  reply: KitReply,
  statusBeforeBytes: number,
): 'in-stream' | 'status' {
  if (reply.status === 200) {
    expect(streamError(kit, reply.text), reply.text.slice(-300)).not.toBeNull();
    return 'in-stream';
  }
  kit.errors.expect(reply, statusBeforeBytes);
  return 'status';
}

/** An upstream's error answer in its own format's shape (as the simulator writes it). */
export function errorAnswer(kit: FormatKit, status: number, message: string): FaultStep[] {
  const rendered = kit.upstream.sim.renderError(makeFailure(status, message), 0);
  return jsonAnswer(rendered.status, rendered.body, rendered.headers);
}
