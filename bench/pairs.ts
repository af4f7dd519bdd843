import { FORMAT_LABEL, type WireFormat } from '../shared/wire-formats.ts';
import type { KitRequest } from '../test/format-kits/format-kit.ts';
import { KIT_LIST, KITS } from '../test/format-kits/kits.ts';
import { GATEWAY_TOKEN, SIM_KEY } from './config.ts';

/**
 * The formats and their requests come from the test kits (`test/format-kits/`): each kit's
 * smallest client request, the same request sent straight to the simulator (`bench.direct`),
 * and the simulator model that speaks only its format. A new format's kit adds its pairs here.
 */
export type Format = WireFormat;
export const FORMATS: readonly Format[] = KIT_LIST.map((kit) => kit.format);

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
  const kit = KITS[format];
  const request: KitRequest = options.direct
    ? kit.bench.direct(model, options.prompt, options.stream)
    : kit.client.request(model, options.prompt, options.stream);
  return {
    origin,
    path: request.path,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${options.token ?? (options.direct ? SIM_KEY : GATEWAY_TOKEN)}`,
      ...request.headers,
    },
    body: JSON.stringify(request.body),
  };
}

/** The pair through the gateway: the client's format, the model that forces the upstream's. */
export function gatewayCall(gateway: string, pair: Pair, options: CallOptions): HttpCall {
  return buildCall(gateway, pair.client, KITS[pair.upstream].nativeModel, {
    ...options,
    direct: false,
  });
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
  return buildCall(simulator, upstream, KITS[upstream].nativeModel, { ...options, direct: true });
}

/** The ordinary prompt of the latency and throughput runs (a reply of about 14 words). */
export const SHORT_PROMPT = 'Say hello to the benchmark.';
