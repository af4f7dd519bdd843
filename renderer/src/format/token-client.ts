import type { TokenInfo } from '../../../shared/contract.ts';
import {
  CLIENT_WITHOUT_TOKEN,
  TOKENLESS_FORMATS,
  type WireFormat,
} from '../../../shared/wire-formats.ts';
import { i18n } from '../i18n/i18n.ts';

/**
 * How a row of the token list is shown. Most rows are tokens; a row marked `withoutToken`
 * stands for one format's requests sent without a token (Settings lets them in): it has
 * budgets, limits and usage like a token, but no token to copy, revoke or replace.
 */
type Row = Pick<TokenInfo, 'name' | 'prefix' | 'revokedAt' | 'withoutToken'>;

/** What the list says in place of a prefix for a row without a token. */
export const noTokenText = (): string => i18n.t('format.token.noToken');

/** The format whose requests without a token the row stands for (by its client's name). */
export function formatWithoutToken(
  row: Pick<TokenInfo, 'name' | 'withoutToken'>,
): WireFormat | undefined {
  if (!row.withoutToken) return undefined;
  return TOKENLESS_FORMATS.find((format) => CLIENT_WITHOUT_TOKEN[format] === row.name);
}

type Named = Pick<TokenInfo, 'name' | 'withoutToken'>;

/**
 * The limits editor's title: "Limits for the token editor", or for the client's own name when
 * the row has no token. Whole sentences, as languages word the two differently.
 */
export function limitsTitle(row: Named): string {
  return row.withoutToken
    ? i18n.t('format.token.limitsForClient', { name: row.name })
    : i18n.t('format.token.limitsForToken', { name: row.name });
}

/** The Limits button's accessible name ("Limits for token editor"). */
export function limitsButtonLabel(row: Named): string {
  return row.withoutToken
    ? i18n.t('format.token.limitsButtonClient', { name: row.name })
    : i18n.t('format.token.limitsButtonToken', { name: row.name });
}

/** The Revoke button's accessible name ("Revoke token editor"); only tokens can be revoked. */
export function revokeButtonLabel(row: Pick<TokenInfo, 'name'>): string {
  return i18n.t('format.token.revokeButton', { name: row.name });
}

/** The prefix column: the token's first characters, or that there is no token. */
export function prefixText(row: Row): string {
  return row.withoutToken ? noTokenText() : `${row.prefix}…`;
}

/** What the user may do with a row: limit any active one; revoke only an actual token. */
export function tokenActions(row: Row): { limits: boolean; revoke: boolean } {
  if (row.revokedAt) return { limits: false, revoke: false };
  return { limits: true, revoke: !row.withoutToken };
}

export interface TokenStatusView {
  label: string;
  badge: 'success' | 'neutral';
  /** Why, where the label alone does not say. */
  title?: string;
}

/**
 * A token is active until revoked. A row without a token is active while Settings lets its
 * format's clients in without one, and off (its requests get 401) otherwise.
 */
export function tokenStatus(row: Row, clientsWithoutToken: readonly WireFormat[]): TokenStatusView {
  const active = { label: i18n.t('format.token.active'), badge: 'success' } as const;
  if (row.revokedAt) return { label: i18n.t('format.token.revoked'), badge: 'neutral' };
  if (!row.withoutToken) return active;
  const format = formatWithoutToken(row);
  return format !== undefined && clientsWithoutToken.includes(format)
    ? active
    : {
        label: i18n.t('format.token.off'),
        badge: 'neutral',
        title: i18n.t('format.token.offTitle'),
      };
}
