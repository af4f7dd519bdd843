import type { IncomingMessage, ServerResponse } from 'node:http';
import { CODEC_LIST } from '../formats/codecs.ts';
import { refuseHost } from './host-check.ts';
import { requestPath } from './origin-form.ts';

/** What a format's own servers answer on their root, which its clients probe (one at most). */
const PROBE_ANSWER = CODEC_LIST.find((codec) => codec.rootProbe !== undefined)?.rootProbe;

/**
 * Answers `GET /` and `HEAD /` from a client that is not a browser the way a format's own
 * server does (`Ollama is running`), since its clients probe the root to tell whether the
 * server is up. Asked only where the app serves no page of its own there (the desktop app,
 * `serve`); a browser (it asks for HTML) is left to the usual answer. Returns true when it
 * answered. Says nothing a caller without a token could use, so it needs
 * none; a foreign Host is left to the usual refusal.
 */
export function answerRootProbe(
  req: IncomingMessage,
  res: ServerResponse,
  allowedHosts: ReadonlySet<string>,
): boolean {
  if (PROBE_ANSWER === undefined || requestPath(req) !== '/') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if ((req.headers.accept ?? '').includes('text/html')) return false;
  if (refuseHost(req.headers.host, allowedHosts, 'gateway')) return false;
  res.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(PROBE_ANSWER),
  });
  res.end(req.method === 'HEAD' ? undefined : PROBE_ANSWER);
  return true;
}
