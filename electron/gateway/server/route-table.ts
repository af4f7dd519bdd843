import type {
  FormatCodec,
  LocalRoute,
  PathRequest,
  TokenCounting,
} from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { CODEC_LIST, codecForPath } from '../formats/codecs.ts';

/**
 * What a request line asks for. `codec` is the format the answer (an error above all) is written
 * in; for discovery on a path several formats' clients share (`/v1/models`) it is undefined until
 * the client's way of authenticating tells.
 */
export type Route =
  | { kind: 'list-models'; codec: FormatCodec | undefined }
  | { kind: 'get-model'; model: string; codec: FormatCodec | undefined }
  | { kind: 'generate'; codec: FormatCodec; path: PathRequest }
  /** A request's tokens, counted without generating (`POST /v1/messages/count_tokens`). */
  | { kind: 'count-tokens'; codec: FormatCodec; counting: TokenCounting }
  /** An answer the client's format lets it read again (`GET /v1/responses/{id}`). */
  | { kind: 'read-answer'; codec: FormatCodec; id: string }
  /** A route the format's clients call that the gateway answers from the catalog (`/api/show`). */
  | { kind: 'local'; codec: FormatCodec; local: LocalRoute }
  | { kind: 'error'; error: GatewayError; codec: FormatCodec };

/** Discovery paths every OpenAI-style client uses; the format is told by the client's headers. */
const SHARED_LIST_PATH = '/v1/models';

/** What the 404 of an unknown path lists: the model lists, then each format's own paths. */
const SERVED_PATHS = [
  ...new Set([
    SHARED_LIST_PATH,
    ...CODEC_LIST.flatMap((codec) => codec.discovery.ownPaths),
    ...CODEC_LIST.flatMap((codec) => codec.served),
    ...CODEC_LIST.flatMap((codec) => (codec.localRoutes ?? []).map((local) => local.path)),
  ]),
];

/** `a, b and c`. */
function listed(items: readonly string[]): string {
  const last = items.at(-1) ?? '';
  return items.length < 2 ? last : `${items.slice(0, -1).join(', ')} and ${last}`;
}

/** The 404 of a path no format serves, naming those they do. */
function unknownPath(pathname: string): GatewayError {
  return new GatewayError(
    404,
    `Unknown path ${pathname}. This gateway serves ${listed(SERVED_PATHS)}.`,
    { code: 'unknown_path' },
  );
}

function methodNotAllowed(allowed: string, codec: FormatCodec): Route {
  const error = new GatewayError(405, `Method not allowed. Use ${allowed}.`, {
    code: 'method_not_allowed',
    headers: { allow: allowed },
  });
  return { kind: 'error', error, codec };
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment) || undefined;
  } catch {
    return undefined;
  }
}

/** `/v1/models`, `/v1/models/{id}` and the list paths a format owns (`/v1beta/models`). */
function matchDiscovery(method: string, pathname: string): Route | undefined {
  for (const codec of [undefined, ...CODEC_LIST]) {
    const paths = codec === undefined ? [SHARED_LIST_PATH] : codec.discovery.ownPaths;
    for (const path of paths) {
      if (pathname !== path && !pathname.startsWith(`${path}/`)) continue;
      const errorCodec = codec ?? codecForPath(pathname);
      if (method !== 'GET') return methodNotAllowed('GET', errorCodec);
      if (pathname === path) return { kind: 'list-models', codec };
      // A generation path (`models/{m}:generateContent`) is not a model id.
      const id = pathname.slice(path.length + 1);
      if (id.includes(':')) continue;
      const model = decode(id);
      if (model) return { kind: 'get-model', model, codec };
    }
  }
  return undefined;
}

/** A path one format's clients call that the gateway answers itself (`GET /api/version`). */
function matchLocal(method: string, pathname: string): Route | undefined {
  for (const codec of CODEC_LIST) {
    const local = codec.localRoutes?.find((candidate) => candidate.path === pathname);
    if (local === undefined) continue;
    return method === local.method
      ? { kind: 'local', codec, local }
      : methodNotAllowed(local.method, codec);
  }
  return undefined;
}

/** Maps a request line to one of the gateway's routes, asking each format's codec. */
export function matchRoute(method: string, pathname: string, query: URLSearchParams): Route {
  for (const codec of CODEC_LIST) {
    const path = codec.matchPath(pathname, query);
    if (path === undefined) {
      const counting = codec.tokenCounting;
      if (counting?.matchPath(pathname))
        return method === 'POST'
          ? { kind: 'count-tokens', codec, counting }
          : methodNotAllowed('POST', codec);
      const id = codec.keptAnswers?.matchReadPath(pathname);
      if (id === undefined) continue;
      return method === 'GET' ? { kind: 'read-answer', codec, id } : methodNotAllowed('GET', codec);
    }
    if (method !== 'POST') return methodNotAllowed('POST', codec);
    if (path instanceof GatewayError) return { kind: 'error', error: path, codec };
    return { kind: 'generate', codec, path };
  }
  const discovery = matchLocal(method, pathname) ?? matchDiscovery(method, pathname);
  if (discovery) return discovery;
  return { kind: 'error', error: unknownPath(pathname), codec: codecForPath(pathname) };
}
