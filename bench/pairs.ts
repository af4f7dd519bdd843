import { FORMAT_LABEL, WIRE_FORMATS, type WireFormat } from '../shared/wire-formats.ts';
import { GATEWAY_TOKEN, SIM_KEY } from './config.ts';

export type Format = WireFormat;
export const FORMATS: readonly Format[] = WIRE_FORMATS;

/** The simulator model that speaks only this format, so the gateway must use it upstream. */
const MODEL_FOR: Readonly<Record<Format, string>> = {
  chat: 'sim-chat',
  responses: 'sim-responses',
  gemini: 'sim-gemini',
  anthropic: 'sim-anthropic',
};

/** A client format against an upstream format: equal = pass-through, else translated. */
export interface Pair {
  client: Format;
  upstream: Format;
  kind: 'pass-through' | 'translated';
  /** e.g. `chat-completions → native`. */
  label: string;
}

export const PAIRS: readonly Pair[] = FORMATS.flatMap((upstream) =>
  FORMATS.map((client): Pair => ({
    client,
    upstream,
    kind: client === upstream ? 'pass-through' : 'translated',
    label: `${FORMAT_LABEL[client]} → ${FORMAT_LABEL[upstream]}`,
  })),
).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'pass-through' ? -1 : 1));

export interface HttpCall {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface CallOptions {
  stream: boolean;
  /** Prompt text, where the simulator's markers go (`[[sim:long=N]]`, ...). */
  prompt: string;
}

/**
 * One request in `format` for `model`. `direct` adds what the gateway adds on its way up
 * (`stream_options.include_usage` on a streamed chat request), so the simulator does the same
 * work in both paths and the difference is the gateway's own cost.
 */
function buildCall(
  origin: string,
  format: Format,
  model: string,
  options: CallOptions & { direct: boolean; token?: string },
): HttpCall {
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${options.token ?? (options.direct ? SIM_KEY : GATEWAY_TOKEN)}`,
  };
  const text = options.prompt;
  const { path, body } = REQUEST_OF[format](model, text, options);
  return {
    origin,
    path,
    headers: { ...headers, ...EXTRA_HEADERS[format] },
    body: JSON.stringify(body),
  };
}

type RequestBuilder = (
  model: string,
  text: string,
  options: CallOptions & { direct: boolean },
) => { path: string; body: Record<string, unknown> };

/** The smallest ordinary request of each format. */
const REQUEST_OF: Readonly<Record<Format, RequestBuilder>> = {
  chat: (model, text, options) => ({
    path: '/v1/chat/completions',
    body: {
      model,
      messages: [{ role: 'user', content: text }],
      ...(options.stream ? { stream: true } : {}),
      ...(options.stream && options.direct ? { stream_options: { include_usage: true } } : {}),
    },
  }),
  responses: (model, text, options) => ({
    path: '/v1/responses',
    body: { model, input: text, ...(options.stream ? { stream: true } : {}) },
  }),
  gemini: (model, text, options) => ({
    path: `/v1beta/models/${model}:${options.stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    body: { contents: [{ role: 'user', parts: [{ text }] }] },
  }),
  anthropic: (model, text, options) => ({
    path: '/v1/messages',
    body: {
      model,
      max_tokens: 1024,
      messages: [{ role: 'user', content: text }],
      ...(options.stream ? { stream: true } : {}),
    },
  }),
};

/** Headers a format's clients always send. */
const EXTRA_HEADERS: Readonly<Record<Format, Record<string, string>>> = {
  chat: {},
  responses: {},
  gemini: {},
  anthropic: { 'anthropic-version': '2023-06-01' },
};

/** The pair through the gateway: the client's format, the model that forces the upstream's. */
export function gatewayCall(gateway: string, pair: Pair, options: CallOptions): HttpCall {
  return buildCall(gateway, pair.client, MODEL_FOR[pair.upstream], { ...options, direct: false });
}

/**
 * A request in the client's `format` through the gateway, for `model` (a catalog model or a
 * route's name), with a local token of the caller's (one stored in the gateway's data dir).
 */
export function gatewayCallAs(
  gateway: string,
  format: Format,
  model: string,
  token: string,
  options: CallOptions,
): HttpCall {
  return buildCall(gateway, format, model, { ...options, direct: false, token });
}

/** The same generation sent straight to the simulator in the upstream's format. */
export function directCall(simulator: string, upstream: Format, options: CallOptions): HttpCall {
  return buildCall(simulator, upstream, MODEL_FOR[upstream], { ...options, direct: true });
}

/** The ordinary prompt of the latency and throughput runs (a reply of about 14 words). */
export const SHORT_PROMPT = 'Say hello to the benchmark.';
