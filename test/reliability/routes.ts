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
}

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
];

/** The model the simulator serves natively in each format. */
export const NATIVE_MODEL: Record<WireFormat, string> = {
  chat: 'sim-chat',
  responses: 'sim-responses',
  gemini: 'sim-gemini',
};

/** A model that makes the gateway translate from this format. */
export const TRANSLATED_MODEL: Record<WireFormat, string> = {
  chat: 'sim-gemini',
  responses: 'sim-chat',
  gemini: 'sim-chat',
};

/** The client-side view of a route by format, for the fault scenarios that go through one. */
export function routeOf(format: WireFormat, stream: boolean): GenerationRoute {
  const name =
    format === 'gemini' ? (stream ? 'streamGenerateContent' : 'generateContent') : format;
  const route = GENERATION_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
}
