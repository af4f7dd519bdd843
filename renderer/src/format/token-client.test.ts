import { describe, expect, it } from 'vitest';
import type { TokenInfo } from '../../../shared/contract.ts';
import { CLIENT_WITHOUT_TOKEN, TOKENLESS_FORMATS } from '../../../shared/wire-formats.ts';
import {
  formatWithoutToken,
  noTokenText,
  prefixText,
  tokenActions,
  limitsButtonLabel,
  limitsTitle,
  revokeButtonLabel,
  tokenStatus,
} from './token-client.ts';

const format = TOKENLESS_FORMATS[0]!;

const token: TokenInfo = {
  id: 'tok_1',
  name: 'editor',
  prefix: 'mgw_abcdefgh',
  createdAt: 0,
  lastUsedAt: null,
  revokedAt: null,
};

/** The row a format's requests without a token are metered as, as the store lists it. */
const withoutToken: TokenInfo = {
  id: `tok_without_token_${format}`,
  name: CLIENT_WITHOUT_TOKEN[format]!,
  prefix: '',
  createdAt: 0,
  lastUsedAt: null,
  revokedAt: null,
  withoutToken: true,
};

describe('a row of the token list', () => {
  it('shows a token by its prefix, and a row without a token as having none', () => {
    expect(prefixText(token)).toBe('mgw_abcdefgh…');
    expect(prefixText(withoutToken)).toBe(noTokenText());
    expect(noTokenText()).toMatch(/^no token — requests without a token$/);
  });

  it('offers Limits and Revoke for a token, only Limits without one, nothing once revoked', () => {
    expect(tokenActions(token)).toEqual({ limits: true, revoke: true });
    expect(tokenActions(withoutToken)).toEqual({ limits: true, revoke: false });
    expect(tokenActions({ ...token, revokedAt: 1 })).toEqual({ limits: false, revoke: false });
  });

  it('names a token as a token, and a row without one by its client name alone', () => {
    expect(limitsTitle(token)).toBe('Limits for the token editor');
    expect(limitsButtonLabel(token)).toBe('Limits for token editor');
    expect(revokeButtonLabel(token)).toBe('Revoke token editor');
    expect(limitsTitle(withoutToken)).toBe(`Limits for ${CLIENT_WITHOUT_TOKEN[format]}`);
    expect(limitsButtonLabel(withoutToken)).toBe(`Limits for ${CLIENT_WITHOUT_TOKEN[format]}`);
  });

  it('knows the format of a row without a token by its client name, and of no token', () => {
    expect(formatWithoutToken(withoutToken)).toBe(format);
    expect(formatWithoutToken(token)).toBeUndefined();
    // A token the user named like the client is still a token.
    expect(formatWithoutToken({ ...token, name: withoutToken.name })).toBeUndefined();
  });

  it('is active without a token only while Settings lets that format in', () => {
    expect(tokenStatus(token, [])).toEqual({ label: 'Active', badge: 'success' });
    expect(tokenStatus({ ...token, revokedAt: 5 }, [format])).toEqual({
      label: 'Revoked',
      badge: 'neutral',
    });
    expect(tokenStatus(withoutToken, [format])).toEqual({ label: 'Active', badge: 'success' });
    const off = tokenStatus(withoutToken, []);
    expect(off.label).toBe('Off');
    expect(off.title).toMatch(/refused/);
  });
});
