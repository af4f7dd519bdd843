import { hash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Who called: the name of the local token, so usage can be told apart per tool. */
export interface LocalClient {
  name: string;
  /** The token's id in the store; absent for the single headless token. */
  tokenId?: string;
}

/** Checks a presented local token. Implementations must compare in constant time. */
export interface LocalAuthenticator {
  /** `digest` is the token's SHA-256 when the caller has it already (see `anyOf`). */
  verify(token: string, digest?: Buffer): LocalClient | null;
}

export interface PresentedToken {
  token: string;
  /** How it was sent: decides, for `/v1/models`, whether the client is a Gemini client. */
  via: 'bearer' | 'x-goog-api-key' | 'query';
}

/**
 * Reads the local token. OpenAI clients send `Authorization: Bearer`; Gemini clients send
 * `x-goog-api-key` or `?key=`, which are accepted where a Gemini client may call.
 */
export function presentedToken(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  allowGoogleStyle: boolean,
): PresentedToken | null {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return { token: match[1].trim(), via: 'bearer' };
  }
  if (!allowGoogleStyle) return null;
  const googKey = headers['x-goog-api-key'];
  if (typeof googKey === 'string' && googKey) return { token: googKey, via: 'x-goog-api-key' };
  const queryKey = query.get('key');
  if (queryKey) return { token: queryKey, via: 'query' };
  return null;
}

/** SHA-256 of a token; the one-shot `hash` costs about half of a `createHash` object. */
export const tokenDigest = (value: string): Buffer => hash('sha256', value, 'buffer');

/**
 * One fixed token (headless mode without a token store). Comparing SHA-256 digests keeps the
 * comparison constant-time whatever the presented length.
 */
export function singleTokenAuthenticator(token: string, name = 'default'): LocalAuthenticator {
  const expected = tokenDigest(token);
  return {
    verify(presented, digest = tokenDigest(presented)) {
      return timingSafeEqual(digest, expected) ? { name } : null;
    },
  };
}

/** Accepts a token any of the given authenticators accepts (e.g. the env token and the stored ones). */
export function anyOf(...authenticators: LocalAuthenticator[]): LocalAuthenticator {
  return {
    verify(token, digest = tokenDigest(token)) {
      // Every authenticator runs, so which one matched does not show in the timing; the token
      // is hashed once for all of them.
      let match: LocalClient | null = null;
      for (const authenticator of authenticators)
        match = authenticator.verify(token, digest) ?? match;
      return match;
    },
  };
}
