import { hash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { TokenSource } from '../canonical/format-codec.ts';

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
  /** Where it was found: decides, on `/v1/models`, which format's client is asking. */
  via: TokenSource | 'bearer';
}

/**
 * Reads the local token: `Authorization: Bearer`, which every client may send, else the places
 * the route's format allows (`x-goog-api-key` or `?key=` for Gemini clients, and so on).
 */
export function presentedToken(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  sources: readonly TokenSource[],
): PresentedToken | null {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return { token: match[1].trim(), via: 'bearer' };
  }
  for (const source of sources) {
    const value = 'header' in source ? headers[source.header] : query.get(source.query);
    if (typeof value === 'string' && value) return { token: value, via: source };
  }
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
