import { failureHeaders, type RenderedError, type SimFailure } from '../../upstream-sim/errors.ts';
import type { SimFormat } from '../../upstream-sim/sim-format.ts';
import { parseOllamaRequest, type OllamaSimEndpoint } from './sim-parse.ts';
import { writeOllamaReply } from './sim-write.ts';

const ENDPOINTS: Readonly<Record<string, OllamaSimEndpoint>> = {
  '/api/chat': 'chat',
  '/api/generate': 'generate',
};

/**
 * Ollama's API paths: errors on them come in its shape. Listed one by one, because the relay
 * keeps paths of its own under `/api/` (`/api/pricing`), whose errors are its own.
 */
const OLLAMA_PATHS: ReadonlySet<string> = new Set([
  ...Object.keys(ENDPOINTS),
  '/api/tags',
  '/api/show',
  '/api/ps',
  '/api/version',
  '/api/embed',
  '/api/embeddings',
  '/api/pull',
  '/api/push',
  '/api/create',
  '/api/copy',
  '/api/delete',
]);

/** The endpoint a journal entry's path names (`chat` for any other). */
const ollamaEndpointOfPath = (path: string): OllamaSimEndpoint => ENDPOINTS[path] ?? 'chat';

/** Ollama's error body, `{"error": "message"}`, with the failure's status and Retry-After. */
function renderOllamaFailure(f: SimFailure): RenderedError {
  return {
    status: f.status,
    headers: failureHeaders(f),
    body: JSON.stringify({ error: f.message }),
  };
}

/**
 * Ollama's API as the simulator serves it: `POST /api/chat` and `POST /api/generate`, the model
 * and the stream flag in the body (streamed unless `"stream": false`), newline-delimited JSON
 * streams, the key as Bearer, Ollama's `{"error": …}` on its paths. Its native model thinks when
 * the request says `think`.
 */
export const ollamaSim: SimFormat = {
  format: 'ollama',
  nativeModel: { id: 'sim-ollama', thinkingTokens: 8 },
  routeName: 'chat (ollama)',
  ownsPath: (path) => OLLAMA_PATHS.has(path),
  matchPath: (path) => {
    const endpoint = ENDPOINTS[path];
    return endpoint === undefined ? undefined : { endpoint };
  },
  balanceStatus: 403,
  renderError: renderOllamaFailure,
  parse: (body, path) =>
    parseOllamaRequest(body, path.endpoint === 'generate' ? 'generate' : 'chat'),
  write: (ctx) => writeOllamaReply(ctx, ollamaEndpointOfPath(ctx.ex.entry.path)),
};
