import type { EndpointType } from './catalog.ts';
import type { ErrorShape } from './errors.ts';

export type GenerationFormat = 'chat' | 'responses' | 'gemini' | 'anthropic';

type Route =
  | { kind: 'models' }
  | { kind: 'model'; id: string }
  | { kind: 'pricing' }
  | { kind: 'generate'; format: 'chat' | 'responses' | 'anthropic' }
  | { kind: 'generate'; format: 'gemini'; model: string; streaming: boolean }
  | { kind: 'count-tokens' };

export type RouteMatch =
  | { ok: true; route: Route }
  | { ok: false; status: 404 }
  | { ok: false; status: 405; allow: string };

export const ROUTE_MARKER: Readonly<Record<GenerationFormat, EndpointType>> = {
  chat: 'openai',
  responses: 'openai-response',
  gemini: 'gemini',
  anthropic: 'anthropic',
};

export const ROUTE_NAME: Readonly<Record<GenerationFormat, string>> = {
  chat: 'chat completions (openai)',
  responses: 'responses (openai-response)',
  gemini: 'generateContent (gemini)',
  anthropic: 'messages (anthropic)',
};

/** The error shape of each generation format. */
export const FORMAT_SHAPE: Readonly<Record<GenerationFormat, ErrorShape>> = {
  chat: 'openai',
  responses: 'openai',
  gemini: 'google',
  anthropic: 'anthropic',
};

const MODEL_PATH = /^\/v1\/models\/([^/:]+)$/;
// Only v1beta: the upstream has no native v1 path, so a gateway using one gets a 404.
const NATIVE_PATH = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** `/v1/messages` and everything under it: the Messages paths, Anthropic-shaped and keyed. */
export function isMessagesPath(path: string): boolean {
  return path === '/v1/messages' || path.startsWith('/v1/messages/');
}

export function errorShapeFor(path: string): ErrorShape {
  if (isMessagesPath(path)) return 'anthropic';
  return path.startsWith('/v1beta/') ? 'google' : 'openai';
}

export function matchRoute(method: string, path: string): RouteMatch {
  const found = findRoute(path);
  if (found === null) return { ok: false, status: 404 };
  if (found.method !== method) return { ok: false, status: 405, allow: found.method };
  return { ok: true, route: found.route };
}

function findRoute(path: string): { method: string; route: Route } | null {
  switch (path) {
    case '/v1/models':
      return { method: 'GET', route: { kind: 'models' } };
    case '/api/pricing':
      return { method: 'GET', route: { kind: 'pricing' } };
    case '/v1/chat/completions':
      return { method: 'POST', route: { kind: 'generate', format: 'chat' } };
    case '/v1/responses':
      return { method: 'POST', route: { kind: 'generate', format: 'responses' } };
    // Claude clients add `?beta=true`; the query is not part of the path matched here.
    case '/v1/messages':
      return { method: 'POST', route: { kind: 'generate', format: 'anthropic' } };
    case '/v1/messages/count_tokens':
      return { method: 'POST', route: { kind: 'count-tokens' } };
  }
  const model = MODEL_PATH.exec(path);
  if (model) return { method: 'GET', route: { kind: 'model', id: decode(model[1] ?? '') } };
  const native = NATIVE_PATH.exec(path);
  if (native) {
    const route: Route = {
      kind: 'generate',
      format: 'gemini',
      model: decode(native[1] ?? ''),
      streaming: native[2] === 'streamGenerateContent',
    };
    return { method: 'POST', route };
  }
  return null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
