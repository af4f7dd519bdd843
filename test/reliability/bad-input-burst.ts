import {
  deepArrays,
  deepInField,
  deepTool,
  invalidUtf8,
  junk,
  unknownField,
  wrongTypes,
} from './bad-bodies.ts';
import { httpRequest } from './raw-http.ts';
import { GENERATION_ROUTES, requestHeaders, type GenerationRoute } from './routes.ts';

/**
 * A burst of bad requests over every generation route, `concurrency` at a time, for the memory
 * checks: returns the statuses seen, so the caller can also check none was a 5xx.
 */
export interface BurstOptions {
  url: string;
  token: string;
  requests: number;
  concurrency: number;
  nesting: number;
  bigBodyBytes: number;
}

interface BadRequest {
  path: string;
  body: string | Buffer;
  headers: Record<string, string>;
}

type Kind = (
  route: GenerationRoute,
  options: BurstOptions,
) => { path: string; body: string | Buffer };

const native = (route: GenerationRoute): string => route.request(route.kit.nativeModel).path;
const translated = (route: GenerationRoute): string =>
  route.request(route.kit.translatedModel).path;

/** The kinds of bad request, in the order a burst cycles through them. */
const KINDS: readonly Kind[] = [
  (r, o) => ({ path: native(r), body: deepArrays(o.nesting) }),
  (r, o) => ({ path: translated(r), body: deepInField(r.kit, r.kit.translatedModel, o.nesting) }),
  (r) => ({ path: translated(r), body: deepTool(r.kit, r.kit.translatedModel, 5_000) }),
  (r, o) => ({ path: native(r), body: junk(o.bigBodyBytes) }),
  (r) => ({ path: native(r), body: invalidUtf8(r.kit, r.kit.nativeModel) }),
  (r) => ({ path: native(r), body: wrongTypes(r.kit) }),
  (r) => ({ path: translated(r), body: unknownField(r.kit, r.kit.translatedModel) }),
  (r) => ({ path: native(r), body: '{"model":' }),
];

/**
 * Request `i` of a burst: the kinds cycle, so a burst's mix (its big bodies: one request in
 * eight) does not depend on the number of routes; the route moves on by one each request and
 * one more each cycle, so every route meets every kind.
 */
function badRequest(i: number, options: BurstOptions): BadRequest {
  const routes = GENERATION_ROUTES.length;
  const route = GENERATION_ROUTES[(i + Math.floor(i / KINDS.length)) % routes]!;
  const kind = KINDS[i % KINDS.length]!(route, options);
  return { ...kind, headers: requestHeaders(route.request(route.kit.nativeModel), options.token) };
}

export async function badInputBurst(options: BurstOptions): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.requests) {
      const { path, body, headers } = badRequest(next++, options);
      const reply = await httpRequest(options.url, {
        method: 'POST',
        path,
        headers,
        body,
        timeoutMs: 20_000,
      });
      statuses.push(reply.status);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return statuses;
}
