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
import { GENERATION_ROUTES, NATIVE_MODEL, TRANSLATED_MODEL } from './routes.ts';

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

function badRequest(i: number, options: BurstOptions): { path: string; body: string | Buffer } {
  const route = GENERATION_ROUTES[i % GENERATION_ROUTES.length]!;
  const native = NATIVE_MODEL[route.format];
  const translated = TRANSLATED_MODEL[route.format];
  const kinds: (() => { path: string; body: string | Buffer })[] = [
    () => ({ path: route.path(native), body: deepArrays(options.nesting) }),
    () => ({
      path: route.path(translated),
      body: deepInField(route.format, translated, options.nesting),
    }),
    () => ({ path: route.path(translated), body: deepTool(route.format, translated, 5_000) }),
    () => ({ path: route.path(native), body: junk(options.bigBodyBytes) }),
    () => ({ path: route.path(native), body: invalidUtf8(route.format, native) }),
    () => ({ path: route.path(native), body: wrongTypes(route.format) }),
    () => ({ path: route.path(translated), body: unknownField(route.format, translated) }),
    () => ({ path: route.path(native), body: '{"model":' }),
  ];
  return kinds[Math.floor(i / GENERATION_ROUTES.length) % kinds.length]!();
}

export async function badInputBurst(options: BurstOptions): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.requests) {
      const { path, body } = badRequest(next++, options);
      const reply = await httpRequest(options.url, {
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body,
        timeoutMs: 20_000,
      });
      statuses.push(reply.status);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return statuses;
}
