import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FORMAT_MARKER } from '../../shared/wire-formats.ts';
import { KIT_LIST, kitOfUpstreamPath } from '../format-kits/kits.ts';

/**
 * A scripted upstream on a real socket, for the faults the simulator cannot make: exact bytes
 * (CRLF framing, comments, split lines, huge events, HTML error pages), resets at a chosen byte
 * offset, and stalls. Catalog and pricing are answered normally; every generation request plays
 * the script the test set for it, step by step, on the raw socket (no ServerResponse), so what
 * goes on the wire is exactly what the step says.
 */

/** One thing the upstream does on the wire, in order. */
export type FaultStep =
  /** Raw bytes (a status line and headers are bytes too; see `head`). */
  | { kind: 'write'; data: string | Buffer }
  | { kind: 'wait'; ms: number }
  /** Never goes on: the connection stays open, silent, until the peer or `close()` ends it. */
  | { kind: 'stall' }
  /** A FIN after what was written: the body ends (connection-delimited bodies end here). */
  | { kind: 'end' }
  /** A TCP RST: the peer sees ECONNRESET. */
  | { kind: 'reset' };

export interface FaultRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** When the request arrived (epoch ms). */
  at: number;
  /** The gateway closed the connection before the script had played out. */
  closedEarly: boolean;
  /** The script played to its end (a stall never does). */
  played: boolean;
}

export type FaultScript = (request: FaultRequest) => FaultStep[];

export interface FaultModel {
  id: string;
  markers: string[];
}

/**
 * Models the fault upstream lists: one per format, so a test picks pass-through or translation.
 * Named as the simulator's (each kit's native model), so the same requests work against both.
 */
export const FAULT_MODELS: readonly FaultModel[] = KIT_LIST.map((kit) => ({
  id: kit.nativeModel,
  markers: [FORMAT_MARKER[kit.format]],
}));

export interface FaultUpstream {
  url: string;
  port: number;
  /** Every request received, oldest first (catalog calls included). */
  requests: FaultRequest[];
  /** The script for generation requests; replace it per test. */
  script: FaultScript;
  /** Catalog script (GET /v1/models); default: FAULT_MODELS as JSON. */
  catalogScript: FaultScript | null;
  /** Connections open right now, as the server counts them. */
  openConnections(): number;
  /** Generation requests only (not catalog or pricing). */
  generations(): FaultRequest[];
  /** Waits until a request matches, polling at 5 ms; rejects after `timeoutMs`. */
  waitFor(pred: (r: FaultRequest) => boolean, timeoutMs?: number): Promise<FaultRequest>;
  /** Waits until the open-connection count is at most `n`. */
  waitForConnections(n: number, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * `HTTP/1.1 <status>` and headers as raw bytes. Each answer closes its connection afterwards;
 * give the body a framing header (`content-length` or `transfer-encoding: chunked`), as real
 * servers do, so a cut body is a detectable fault rather than a legitimate end.
 */
export function head(
  status: number,
  headers: Record<string, string> = {},
  reason = 'Status',
): FaultStep {
  const lines = [`HTTP/1.1 ${status} ${reason}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return { kind: 'write', data: `${lines.join('\r\n')}\r\n\r\n` };
}

export const write = (data: string | Buffer): FaultStep => ({ kind: 'write', data });

/** One chunk of a `transfer-encoding: chunked` body. */
export function chunk(data: string | Buffer): FaultStep {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return write(
    Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]),
  );
}

/** The zero-length chunk that ends a chunked body cleanly. */
export const lastChunk: FaultStep = write('0\r\n\r\n');
export const wait = (ms: number): FaultStep => ({ kind: 'wait', ms });
export const stall: FaultStep = { kind: 'stall' };
export const end: FaultStep = { kind: 'end' };
export const reset: FaultStep = { kind: 'reset' };

/** A whole JSON answer with a content-length. */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FaultStep[] {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return [
    head(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    }),
    write(text),
    end,
  ];
}

const catalogBody = (): string =>
  JSON.stringify({
    object: 'list',
    data: FAULT_MODELS.map((m) => ({
      id: m.id,
      object: 'model',
      created: 1_700_000_000,
      owned_by: 'fault',
      supported_endpoint_types: m.markers,
    })),
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('end', done);
    req.on('close', done);
    req.on('error', done);
  });
}

async function play(socket: Socket, steps: FaultStep[], request: FaultRequest): Promise<void> {
  for (const step of steps) {
    if (socket.destroyed) break;
    if (step.kind === 'write') {
      if (!socket.write(step.data)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            socket.off('drain', done);
            socket.off('close', done);
            resolve();
          };
          socket.on('drain', done);
          socket.on('close', done);
        });
      }
    } else if (step.kind === 'wait') {
      await sleep(step.ms);
    } else if (step.kind === 'stall') {
      // Never played out: if the gateway closes now, that shows as `closedEarly`.
      return;
    } else if (step.kind === 'end') {
      socket.end();
    } else {
      socket.resetAndDestroy();
    }
  }
  request.played = !request.closedEarly;
  if (!socket.destroyed) socket.end();
}

export async function startFaultUpstream(): Promise<FaultUpstream> {
  const requests: FaultRequest[] = [];
  const sockets = new Set<Socket>();
  const state = {
    script: ((): FaultStep[] =>
      jsonAnswer(500, { error: { message: 'no script set' } })) as FaultScript,
    catalogScript: null as FaultScript | null,
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readAll(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const request: FaultRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers,
        body,
        at: Date.now(),
        closedEarly: false,
        played: false,
      };
      requests.push(request);
      const socket = req.socket;
      socket.once('close', () => {
        if (!request.played) request.closedEarly = true;
      });
      const path = request.path.split('?')[0];
      if (path === '/v1/models') {
        if (state.catalogScript) await play(socket, state.catalogScript(request), request);
        else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(catalogBody());
          request.played = true;
        }
        return;
      }
      if (path === '/api/pricing') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        request.played = true;
        return;
      }
      // Generation: the raw socket belongs to the script from here on (`res` is never used).
      // As the real API does, a format refuses a request without the headers it requires (the
      // gateway must add them: Messages' version).
      const sim = kitOfUpstreamPath(request.path).upstream.sim;
      const refused = sim.checkHeaders?.(headers) ?? null;
      const rendered = refused === null ? null : sim.renderError(refused, requests.length);
      const steps =
        rendered === null ? state.script(request) : jsonAnswer(rendered.status, rendered.body);
      await play(socket, steps, request);
    })();
  });
  // Headers never sent by a stalled script must not be cut by the server's own timers.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const poll = async <T>(
    check: () => T | undefined,
    timeoutMs: number,
    what: string,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`fault upstream: ${what} within ${timeoutMs} ms`);
      await sleep(5);
    }
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get script() {
      return state.script;
    },
    set script(script: FaultScript) {
      state.script = script;
    },
    get catalogScript() {
      return state.catalogScript;
    },
    set catalogScript(script: FaultScript | null) {
      state.catalogScript = script;
    },
    openConnections: () => sockets.size,
    generations: () =>
      requests.filter((r) => !r.path.startsWith('/v1/models') && r.path !== '/api/pricing'),
    waitFor: (pred, timeoutMs = 3000) =>
      poll(() => requests.find(pred), timeoutMs, 'no matching request'),
    waitForConnections: (n, timeoutMs = 3000) =>
      poll(
        () => (sockets.size <= n ? sockets.size : undefined),
        timeoutMs,
        `still ${sockets.size} connections (want ≤ ${n})`,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
