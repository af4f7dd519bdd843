import type { LocalAuthenticator } from '../gateway/server/local-auth.ts';
import type { TokenRepo } from './token-repo.ts';

/**
 * The gateway's authenticator over the token store. Recording the use is bookkeeping: if it
 * fails (the database busy in another process), the request is still let through.
 */
export function tokenAuthenticator(
  tokens: TokenRepo,
  onError: (error: unknown) => void = () => {},
): LocalAuthenticator {
  return {
    verify(token, digest) {
      const client = tokens.verify(token, digest);
      if (client?.tokenId) {
        try {
          tokens.touch(client.tokenId);
        } catch (error) {
          onError(error);
        }
      }
      return client;
    },
  };
}
