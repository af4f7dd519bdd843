import type { IncomingHttpHeaders } from 'node:http';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { FormatCodec } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import type { LocalClient } from './local-auth.ts';

/** Who may call without a token, as the user decided; read on each request. */
export interface TokenlessAccess {
  /** The client a format's token-less requests are taken as where the user allows them, else null. */
  clientOf(format: WireFormat): LocalClient | null;
  /** Browser origins the user allowed (Settings → allowed origins). */
  allowedOrigins(): readonly string[];
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
const LOOPBACK = /^(?:127\.|::ffff:127\.|::1$)/;

/**
 * Whether the browser says a page of another origin sent the request. `same-site` counts: a page
 * on another port of this machine is the same site, and its no-cors `GET` carries no `Origin`.
 * `same-origin` is the gateway's own page, `none` the user typing the address.
 */
const fromAnotherPage = (site: string | string[] | undefined): boolean =>
  site !== undefined && site !== 'same-origin' && site !== 'none';

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && LOOPBACK.test(address);

/**
 * The client a request without a token is taken as: only for a format whose clients the user
 * lets in without one, only from this machine, and never for a web page the user did not allow.
 * Without a token nothing else stands between a page and the user's credit, and a page can send
 * a simple `POST` (a `text/plain` body) that needs no preflight, so a request with a foreign
 * `Origin`, or one the browser says came from another page, is refused before anything runs. Returns
 * undefined when the request must show a token (the usual 401 follows).
 */
export function tokenlessClient(
  access: TokenlessAccess | undefined,
  codec: FormatCodec | undefined,
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
): LocalClient | undefined {
  if (access === undefined || codec === undefined || !isLoopback(remoteAddress)) return undefined;
  const client = access.clientOf(codec.format);
  if (client === null) return undefined;
  const origin = headers.origin;
  const allowed = origin !== undefined && access.allowedOrigins().includes(origin);
  if (!allowed && (origin !== undefined || fromAnotherPage(headers['sec-fetch-site'])))
    throw new GatewayError(
      403,
      `Requests without a token are not taken from web pages (origin ${origin ?? 'of a cross-site page'}). Send a local access token, or add the page's origin under Settings → allowed origins.`,
      { code: 'origin_not_allowed' },
    );
  return client;
}
