import { ALL_TOKEN_SOURCES } from '../formats/codecs.ts';
import type { TokenSource } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { presentedToken, type LocalAuthenticator } from './local-auth.ts';
import type { RequestContext } from './request-context.ts';
import type { Route } from './route-table.ts';
import { tokenlessClient, type TokenlessAccess } from './tokenless-client.ts';

/**
 * Checks the request's local token and records whose it is; throws the 401 otherwise. A
 * generation route takes the token where its format's clients put it; the rest are called by
 * every client, so any format's place will do. Returns where the token was found, which tells a
 * shared discovery path which format's client is asking. A request without one is taken where
 * the user lets its format's clients in without a token (`tokenless`).
 */
export function authenticate(
  ctx: Pick<RequestContext, 'headers' | 'record' | 'remoteAddress'>,
  route: Route,
  query: URLSearchParams,
  auth: LocalAuthenticator,
  tokenless?: TokenlessAccess,
): TokenSource | 'bearer' {
  const sources =
    route.kind === 'generate' || route.kind === 'count-tokens'
      ? route.codec.tokenSources
      : ALL_TOKEN_SOURCES;
  const token = presentedToken(ctx.headers, query, sources);
  if (!token) {
    const anonymous = tokenlessClient(tokenless, route.codec, ctx.headers, ctx.remoteAddress);
    if (anonymous) {
      ctx.record.client = anonymous.name;
      ctx.record.clientTokenId = anonymous.tokenId ?? null;
      return 'bearer';
    }
    throw new GatewayError(
      401,
      'Missing local access token. Send it as "Authorization: Bearer <token>".',
      { code: 'missing_token' },
    );
  }
  const client = auth.verify(token.token);
  if (!client)
    throw new GatewayError(401, 'Invalid local access token.', { code: 'invalid_token' });
  ctx.record.client = client.name;
  ctx.record.clientTokenId = client.tokenId ?? null;
  return token.via;
}
