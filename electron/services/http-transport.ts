import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_PATH_PREFIX, APP_TOKEN_HEADER, EVENTS_PATH, RPC_PATH } from '../../shared/contract.ts';
import { drainUnreadBody } from '../gateway/server/drain-unread-body.ts';
import { AppError, type AppServices } from './app-services-api.ts';
import { serveEvents } from './http-events.ts';
import { readJsonBody } from './read-json-body.ts';
import { staticFiles } from './static-files.ts';
import { httpStatusFor, toAppError } from './to-app-error.ts';
import { uiTokenChecker } from './ui-token.ts';

/** Chat messages are the largest calls; anything beyond this is not a UI call. */
const MAX_RPC_BYTES = 16 * 1024 * 1024;

export interface AppHttpHandler {
  /** For the gateway's `appHandler`: answers every path outside the model API. */
  (req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Ends every open event stream (the app is shutting down). */
  closeEvents(): void;
}

export interface AppHttpOptions {
  /** The built renderer (`out/renderer`). */
  dir: string;
  /** The UI session token the RPC and event routes require in `x-app-token`. */
  token: string;
  /** Diagnostics; never given the token or a URL that could carry it. */
  log?: (line: string) => void;
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: AppError, extra: Record<string, string> = {}): void {
  sendJson(
    res,
    httpStatusFor(error.code),
    {
      error: {
        message: error.message,
        code: error.code,
        ...(error.i18n ? { i18n: error.i18n } : {}),
      },
    },
    extra,
  );
}

/** A path under the app's own routes (`/_app/…`), none of which is a page of the UI. */
const isAppRoute = (path: string): boolean =>
  path.startsWith(APP_PATH_PREFIX) || path === APP_PATH_PREFIX.slice(0, -1);

const UNAUTHORIZED = new AppError(
  'unauthorized',
  'This page needs the app’s session token. Open the address the app printed (it ends in ?token=…).',
);

/**
 * The headless transport of the contract, served by the gateway on its own port: `POST
 * /_app/rpc` and `GET /_app/events` for holders of the UI token, and the built UI's files for
 * everyone (they hold nothing secret; the token arrives in the URL the app prints). The app's
 * routes live under `APP_PATH_PREFIX`, which no model API uses (Ollama's is `/api/`).
 */
export function createAppHttpHandler(
  services: AppServices,
  options: AppHttpOptions,
): AppHttpHandler {
  const tokenOk = uiTokenChecker(options.token);
  const files = staticFiles(options.dir);
  const openStreams = new Set<() => void>();
  const log = options.log ?? (() => {});
  const authorized = (req: IncomingMessage): boolean => {
    const presented = req.headers[APP_TOKEN_HEADER];
    return tokenOk(typeof presented === 'string' ? presented : undefined);
  };

  async function rpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      sendError(res, new AppError('method_not_allowed', 'Use POST.'), { allow: 'POST' });
      return;
    }
    if (!authorized(req)) {
      sendError(res, UNAUTHORIZED);
      drainUnreadBody(req);
      return;
    }
    let result: unknown;
    try {
      const body = await readJsonBody(req, MAX_RPC_BYTES);
      const call = body as { method?: unknown; params?: unknown } | null;
      if (!call || typeof call !== 'object' || typeof call.method !== 'string')
        throw new AppError('bad_request', 'A call is {"method": "<name>", "params": {...}}.');
      result = await services.handle(call.method, call.params);
    } catch (error) {
      sendError(res, toAppError(error));
      // A client still sending its body reads the answer only once the body is out.
      drainUnreadBody(req);
      return;
    }
    sendJson(res, 200, { result: result ?? null });
  }

  function events(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') {
      sendError(res, new AppError('method_not_allowed', 'Use GET.'), { allow: 'GET' });
      return;
    }
    if (!authorized(req)) {
      sendError(res, UNAUTHORIZED);
      drainUnreadBody(req);
      return;
    }
    const end = serveEvents(services, res);
    openStreams.add(end);
    res.once('close', () => openStreams.delete(end));
  }

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      if (path === RPC_PATH) await rpc(req, res);
      else if (path === EVENTS_PATH) events(req, res);
      else if (isAppRoute(path))
        sendError(res, new AppError('not_found', `No such app route: ${path}`));
      else await files(req, res);
    } catch (error) {
      // Handled here rather than by the gateway, whose log line would quote the URL, and the
      // page's URL carries the token.
      log(`app route ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendError(res, new AppError('internal', 'Internal error.'));
      else res.destroy();
    }
    return true;
  };
  return Object.assign(handler, {
    closeEvents(): void {
      for (const end of [...openStreams]) end();
      openStreams.clear();
    },
  });
}
