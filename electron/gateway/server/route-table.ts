import type { WireFormat } from '../formats/wire-format.ts';
import { GatewayError } from './gateway-error.ts';

/** Which list shape a model-discovery route answers in. `auto` decides by the client's auth header. */
export type ListStyle = 'openai' | 'gemini' | 'auto';

export type Route =
  | { kind: 'list-models'; style: ListStyle; errorFormat: WireFormat }
  | { kind: 'get-model'; style: ListStyle; model: string; errorFormat: WireFormat }
  | {
      kind: 'generate';
      format: WireFormat;
      errorFormat: WireFormat;
      model?: string;
      stream?: boolean;
    }
  /** A stored responses answer, `GET /v1/responses/{id}`. */
  | { kind: 'get-response'; id: string; errorFormat: WireFormat }
  | { kind: 'error'; error: GatewayError; errorFormat: WireFormat };

const NATIVE_GENERATE = /^\/(v1|v1beta)\/models\/(.+):(generateContent|streamGenerateContent)$/;
const MODEL_BY_ID = /^\/(v1|v1beta)\/models\/([^:]+)$/;
const RESPONSE_BY_ID = /^\/v1\/responses\/([^/]+)$/;

function methodNotAllowed(allowed: string, errorFormat: WireFormat): Route {
  const error = new GatewayError(405, `Method not allowed. Use ${allowed}.`, {
    code: 'method_not_allowed',
    headers: { allow: allowed },
  });
  return { kind: 'error', error, errorFormat };
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Maps a request line to one of the gateway's routes. `/v1/models` is shared by OpenAI clients
 * and `@google/genai` 3.x (which defaults to `/v1`), so its list style is resolved later from
 * the auth header the client used.
 */
export function matchRoute(method: string, pathname: string, query: URLSearchParams): Route {
  if (pathname === '/v1/chat/completions') {
    return method === 'POST'
      ? { kind: 'generate', format: 'chat', errorFormat: 'chat' }
      : methodNotAllowed('POST', 'chat');
  }
  if (pathname === '/v1/responses') {
    return method === 'POST'
      ? { kind: 'generate', format: 'responses', errorFormat: 'responses' }
      : methodNotAllowed('POST', 'responses');
  }
  const stored = RESPONSE_BY_ID.exec(pathname);
  if (stored) {
    if (method !== 'GET') return methodNotAllowed('GET', 'responses');
    const id = decode(stored[1] ?? '');
    if (id) return { kind: 'get-response', id, errorFormat: 'responses' };
  }
  const native = NATIVE_GENERATE.exec(pathname);
  if (native) {
    if (method !== 'POST') return methodNotAllowed('POST', 'gemini');
    const model = decode(native[2] ?? '')?.replace(/^models\//, '');
    if (!model) {
      return {
        kind: 'error',
        error: new GatewayError(400, 'The model in the path is not valid.', {
          code: 'invalid_model',
        }),
        errorFormat: 'gemini',
      };
    }
    const stream = native[3] === 'streamGenerateContent';
    if (stream && query.get('alt') !== 'sse') {
      const error = new GatewayError(
        400,
        'streamGenerateContent is served as server-sent events only: add ?alt=sse.',
        {
          code: 'invalid_argument',
          param: 'alt',
        },
      );
      return { kind: 'error', error, errorFormat: 'gemini' };
    }
    return { kind: 'generate', format: 'gemini', errorFormat: 'gemini', model, stream };
  }
  if (pathname === '/v1/models' || pathname === '/v1beta/models') {
    const style: ListStyle = pathname === '/v1beta/models' ? 'gemini' : 'auto';
    const errorFormat: WireFormat = style === 'gemini' ? 'gemini' : 'chat';
    return method === 'GET'
      ? { kind: 'list-models', style, errorFormat }
      : methodNotAllowed('GET', errorFormat);
  }
  const byId = MODEL_BY_ID.exec(pathname);
  if (byId) {
    const style: ListStyle = byId[1] === 'v1beta' ? 'gemini' : 'auto';
    const errorFormat: WireFormat = style === 'gemini' ? 'gemini' : 'chat';
    if (method !== 'GET') return methodNotAllowed('GET', errorFormat);
    const model = decode(byId[2] ?? '');
    if (model) return { kind: 'get-model', style, model, errorFormat };
  }
  const errorFormat: WireFormat = pathname.startsWith('/v1beta') ? 'gemini' : 'chat';
  const error = new GatewayError(
    404,
    `Unknown path ${pathname}. This gateway serves /v1/models, /v1/chat/completions, /v1/responses and /v1beta/models/{model}:generateContent.`,
    { code: 'unknown_path' },
  );
  return { kind: 'error', error, errorFormat };
}
