import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseHost } from './host-check.ts';
import { sendJson } from './send-json.ts';

/** What serves the paths that are not the model API (headless mode: the UI's files and RPC). */
export type AppHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * Hands a request outside the model API to the app, behind the same Host check as the API.
 * Resolves false when the app left it to the gateway (which then answers 404); a failure of the
 * app's own is a JSON 500 (or a cut connection once it had begun to answer), logged by path.
 */
export async function serveApp(
  req: IncomingMessage,
  res: ServerResponse,
  app: AppHandler,
  allowedHosts: ReadonlySet<string>,
  log: (message: string) => void,
): Promise<boolean> {
  try {
    const refused = refuseHost(req.headers.host, allowedHosts, 'app');
    if (refused) {
      sendJson(res, refused.status, { error: { message: refused.message, code: refused.code } });
      return true;
    }
    return await app(req, res);
  } catch (error) {
    log(
      `app handler failed on ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
    if (!res.headersSent)
      sendJson(res, 500, { error: { message: 'Internal error.', code: 'internal_error' } });
    else res.destroy();
    return true;
  }
}
