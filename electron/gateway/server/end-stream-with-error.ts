import type { ServerResponse } from 'node:http';
import type { FormatCodec } from '../canonical/format-codec.ts';
import type { GatewayError } from '../canonical/gateway-error.ts';

/**
 * Ends a stream whose status line is already out with the format's in-stream error record, the
 * one thing a client can still be told then. `midRecord` says the bytes sent so far stop inside
 * a record, which the format's framing must break first so the client can parse the error. (A
 * translated stream ends through its encoder instead, which also closes the format's lifecycle.)
 */
export function endStreamWithError(
  res: ServerResponse,
  codec: FormatCodec,
  error: GatewayError,
  midRecord = false,
): void {
  if (res.destroyed) return;
  res.end((midRecord ? codec.framing.recordBreak : '') + codec.streamError(error, 0));
}
