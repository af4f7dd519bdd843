import type { Server, ServerResponse } from 'node:http';
import type { FormatCodec } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import type { RequestRecord } from './request-record.ts';

const SHUTTING_DOWN = new GatewayError(
  503,
  'The gateway is shutting down; the answer was cut at its grace period. Send the request again.',
  { code: 'shutting_down' },
);
/** How long the shutdown's last records get to go out before the connections are closed. */
const SHUTDOWN_FLUSH_MS = 200;

/**
 * The gateway's shutdown: it stops accepting, lets the answers in flight finish for a grace
 * period, then ends each stream still going with its format's error record (rather than a
 * reset), cuts the other answers, and closes every connection a moment later.
 */
export class GracefulClose {
  private readonly server: Server;
  private readonly inFlight = new Set<ServerResponse>();
  /** Each generation answer's client format and record, to end a stream in that format. */
  private readonly generations = new WeakMap<
    ServerResponse,
    { codec: FormatCodec; record: RequestRecord }
  >();
  private closing = false;

  constructor(server: Server) {
    this.server = server;
  }

  /** Counts an answer in flight until its connection closes. */
  track(res: ServerResponse): void {
    this.inFlight.add(res);
    res.once('close', () => {
      this.inFlight.delete(res);
      // While shutting down, a keep-alive connection that just went idle is closed at once.
      if (this.closing) setImmediate(() => this.server.closeIdleConnections());
    });
  }

  /** A generation's client format and record, so a stream cut at the deadline ends in its format. */
  noteGeneration(res: ServerResponse, codec: FormatCodec, record: RequestRecord): void {
    this.generations.set(res, { codec, record });
  }

  /** Stops accepting, lets answers in flight finish for up to `graceMs`, then cuts the rest. */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    // At the deadline a stream still going is told why it ends, in its format, rather than
    // cut by a reset; the connections are closed a moment later, once that has gone out.
    let cut: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      for (const res of this.inFlight) if (!this.endStream(res)) res.destroy();
      cut = setTimeout(() => this.server.closeAllConnections(), SHUTDOWN_FLUSH_MS);
    }, graceMs);
    await closed;
    clearTimeout(deadline);
    clearTimeout(cut);
  }

  /** Ends a stream in flight with the format's error record; false if it is not a stream. */
  private endStream(res: ServerResponse): boolean {
    const generation = this.generations.get(res);
    if (!generation?.record.stream || !res.headersSent || res.writableEnded) return false;
    const { codec } = generation;
    // The flow still running may write once more before it sees the end: that is expected.
    res.on('error', () => {});
    // A record break first: the last record sent may be unfinished; an extra one is harmless.
    // Once it is out, the connection goes, which stops the flow and its upstream call.
    res.end(`${codec.framing.recordBreak}${codec.streamError(SHUTTING_DOWN, 0)}`, () =>
      res.destroy(),
    );
    return true;
  }
}
