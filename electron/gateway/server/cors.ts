import type { IncomingMessage, ServerResponse } from 'node:http';
import { CODEC_LIST } from '../formats/codecs.ts';
import { DROPPED_HEADER } from './dropped-header.ts';
import { TOKEN_COUNT_HEADER } from './handle-count-tokens.ts';
import { FALLBACK_HEADER, MODEL_HEADER } from './model-headers.ts';

/** The headers clients send, and those each format's SDKs add from a browser page. */
const ALLOWED_HEADERS = [
  ...new Set([
    'authorization',
    'content-type',
    'x-request-id',
    ...CODEC_LIST.flatMap((codec) => codec.corsHeaders),
    ...CODEC_LIST.flatMap((codec) =>
      codec.tokenSources.flatMap((source) => ('header' in source ? [source.header] : [])),
    ),
  ]),
].join(', ');

/**
 * CORS for browser origins the user allowed, and for no other: a page from any other origin
 * gets no grant, so the browser keeps it from reading answers. Returns true when it answered a
 * preflight itself.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: readonly string[],
): boolean {
  const origin = req.headers.origin;
  const granted = typeof origin === 'string' && allowed.includes(origin);
  if (granted) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    res.setHeader(
      'access-control-expose-headers',
      `x-request-id, retry-after, ${DROPPED_HEADER}, ${TOKEN_COUNT_HEADER}, ${MODEL_HEADER}, ${FALLBACK_HEADER}`,
    );
  }
  if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined)
    return false;
  if (granted) {
    res.writeHead(204, {
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    });
  } else {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
  }
  res.end(granted ? undefined : 'Origin not allowed. Add it under Settings → allowed origins.');
  return true;
}
