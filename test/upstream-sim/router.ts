import { SIM_FORMAT_LIST } from '../format-kits/sim-formats.ts';
import { decode } from './http-input.ts';
import type { SimFormat, SimOtherRoute, SimPathRequest } from './sim-format.ts';

type Route =
  | { kind: 'models' }
  | { kind: 'model'; id: string }
  | { kind: 'pricing' }
  | { kind: 'generate'; format: SimFormat; path: SimPathRequest }
  | { kind: 'other'; format: SimFormat; handle: SimOtherRoute };

export type RouteMatch =
  | { ok: true; route: Route }
  | { ok: false; status: 404 }
  | { ok: false; status: 405; allow: string };

const MODEL_PATH = /^\/v1\/models\/([^/:]+)$/;

/** The format whose paths these are: errors on them come in its shape. Undefined: the relay's own. */
export function formatOwning(path: string): SimFormat | undefined {
  return SIM_FORMAT_LIST.find((format) => format.ownsPath(path));
}

export function matchRoute(method: string, path: string): RouteMatch {
  const found = findRoute(path);
  if (found === null) return { ok: false, status: 404 };
  if (found.method !== method) return { ok: false, status: 405, allow: found.method };
  return { ok: true, route: found.route };
}

/** The relay's own paths, then every format's generation and other routes. */
function findRoute(path: string): { method: string; route: Route } | null {
  switch (path) {
    case '/v1/models':
      return { method: 'GET', route: { kind: 'models' } };
    case '/api/pricing':
      return { method: 'GET', route: { kind: 'pricing' } };
  }
  const model = MODEL_PATH.exec(path);
  if (model) return { method: 'GET', route: { kind: 'model', id: decode(model[1] ?? '') } };
  for (const format of SIM_FORMAT_LIST) {
    // A client's query (Claude's `?beta=true`) is not part of the path matched here.
    const generation = format.matchPath(path);
    if (generation !== undefined) {
      return { method: 'POST', route: { kind: 'generate', format, path: generation } };
    }
    const other = format.otherRoutes?.[path];
    if (other !== undefined)
      return { method: 'POST', route: { kind: 'other', format, handle: other } };
  }
  return null;
}
