import type { WireFormat } from '../../shared/wire-formats.ts';

/** The generation routes, each with the body shape its clients send and its error format. */
export interface GenerationRoute {
  name: string;
  format: WireFormat;
  /** Path for a model; the native routes carry the model in the path. */
  path(model: string): string;
  /** A valid request body for `model` with user text `text`. */
  body(model: string, text: string, stream?: boolean): Record<string, unknown>;
  stream: boolean;
  /** Headers this route's clients always send besides the token (Messages' API version). */
  headers?: Readonly<Record<string, string>>;
}

/** The version @anthropic-ai/sdk sends; the Messages API refuses a request without one. */
export const ANTHROPIC_VERSION = '2023-06-01';

export const GENERATION_ROUTES: readonly GenerationRoute[] = [
  {
    name: 'chat',
    format: 'chat',
    path: () => '/v1/chat/completions',
    body: (model, text, stream = false) => ({
      model,
      messages: [{ role: 'user', content: text }],
      ...(stream ? { stream: true } : {}),
    }),
    stream: false,
  },
  {
    name: 'responses',
    format: 'responses',
    path: () => '/v1/responses',
    body: (model, text, stream = false) => ({ model, input: text, ...(stream ? { stream } : {}) }),
    stream: false,
  },
  {
    name: 'generateContent',
    format: 'gemini',
    path: (model) => `/v1beta/models/${model}:generateContent`,
    body: (_model, text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }),
    stream: false,
  },
  {
    name: 'streamGenerateContent',
    format: 'gemini',
    path: (model) => `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
    body: (_model, text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }),
    stream: true,
  },
  {
    name: 'messages',
    format: 'anthropic',
    path: () => '/v1/messages',
    body: (model, text, stream = false) => ({
      model,
      max_tokens: 1024,
      messages: [{ role: 'user', content: text }],
      ...(stream ? { stream: true } : {}),
    }),
    stream: false,
    headers: { 'anthropic-version': ANTHROPIC_VERSION },
  },
];

/** What a client of `route` sends with every request: its token, the body's type, its extras. */
export const routeHeaders = (route: GenerationRoute, token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...route.headers,
});

/** The model the simulator serves natively in each format. */
export const NATIVE_MODEL: Record<WireFormat, string> = {
  chat: 'sim-chat',
  responses: 'sim-responses',
  gemini: 'sim-gemini',
  anthropic: 'sim-anthropic',
};

/** A model that makes the gateway translate from this format. */
export const TRANSLATED_MODEL: Record<WireFormat, string> = {
  chat: 'sim-gemini',
  responses: 'sim-chat',
  gemini: 'sim-chat',
  anthropic: 'sim-responses',
};

/** The route of each format a client calls; the native format has one per stream mode. */
const ROUTE_NAME: Record<WireFormat, (stream: boolean) => string> = {
  chat: () => 'chat',
  responses: () => 'responses',
  gemini: (stream) => (stream ? 'streamGenerateContent' : 'generateContent'),
  anthropic: () => 'messages',
};

/** The client-side view of a route by format, for the fault scenarios that go through one. */
export function routeOf(format: WireFormat, stream: boolean): GenerationRoute {
  const name = ROUTE_NAME[format](stream);
  const route = GENERATION_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
}
