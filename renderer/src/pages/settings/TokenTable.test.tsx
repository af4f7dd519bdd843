import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TokenInfo } from '../../../../shared/contract.ts';
import { CLIENT_WITHOUT_TOKEN, TOKENLESS_FORMATS } from '../../../../shared/wire-formats.ts';
import { tokenStatus } from '../../format/token-client.ts';
import { ClientWithoutTokenToggle } from './ClientsWithoutToken.tsx';
import { TokenRow } from './TokenTable.tsx';

const format = TOKENLESS_FORMATS[0]!;
const clientName = CLIENT_WITHOUT_TOKEN[format]!;

const token: TokenInfo = {
  id: 'tok_1',
  name: 'editor',
  prefix: 'mgw_abcdefgh',
  createdAt: 0,
  lastUsedAt: null,
  revokedAt: null,
};

const withoutToken: TokenInfo = {
  id: `tok_without_token_${format}`,
  name: clientName,
  prefix: '',
  createdAt: 0,
  lastUsedAt: null,
  revokedAt: null,
  withoutToken: true,
};

const noop = () => {};

const row = (t: TokenInfo, on: boolean) =>
  renderToString(
    <table>
      <tbody>
        <TokenRow
          token={t}
          status={tokenStatus(t, on ? [format] : [])}
          limits="No limits"
          onLimits={noop}
          onRevoke={noop}
        />
      </tbody>
    </table>,
  );

/** The accessible names of a rendered fragment's buttons: their aria-label, else their text. */
const buttons = (html: string): string[] =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    ([, attributes = '', text = '']) =>
      /aria-label="([^"]*)"/.exec(attributes)?.[1] ?? text.replace(/<[^>]*>/g, ''),
  );

/** The attributes of the one checkbox. */
const checkbox = (html: string): string => /<input type="checkbox"([^>]*)\/>/.exec(html)?.[1] ?? '';

describe('the token list', () => {
  it('shows a token by its prefix, with Limits and Revoke', () => {
    const html = row(token, false);
    expect(html).toContain('mgw_abcdefgh…');
    expect(buttons(html)).toEqual(['Limits for token editor', 'Revoke token editor']);
  });

  it('shows the row without a token as such, with Limits and nothing to revoke or copy', () => {
    const html = row(withoutToken, true);
    expect(html).toContain('no token — requests without a token');
    expect(html).not.toContain('…</td>');
    expect(buttons(html)).toEqual([`Limits for ${clientName}`]);
    expect(html).toContain('>Active<');
    expect(html).not.toMatch(/Revoke|Copy|rotate/i);
  });

  it('says the row without a token is off while Settings refuses those requests', () => {
    expect(row(withoutToken, false)).toMatch(
      /title="Requests without a token are refused[^"]*">Off</,
    );
  });

  it('shows nothing to do with a revoked token', () => {
    expect(buttons(row({ ...token, revokedAt: 1 }, false))).toEqual([]);
  });
});

describe('the switch for clients without a token', () => {
  const render = (on: boolean, client: TokenInfo | null) =>
    renderToString(
      <ClientWithoutTokenToggle
        format={format}
        on={on}
        client={client}
        onToggle={noop}
        onLimits={noop}
      />,
    );

  it('is a labelled checkbox whose risk is read as its description', () => {
    const html = render(false, null);
    const input = checkbox(html);
    expect(input).not.toContain('checked');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(describedBy).toBeTruthy();
    const hint = new RegExp(`id="${describedBy}">([^<]*)<`).exec(html)?.[1] ?? '';
    expect(hint).toMatch(/any program on this machine/);
    expect(hint).toContain(clientName);
    // The label wraps the box: its text is the checkbox's name.
    expect(html).toMatch(
      /<label class="checkbox"><input[^>]*\/><span>Accept [^<]+ clients without a token<\/span><\/label>/,
    );
    // No client row yet (never switched on): nothing to limit.
    expect(buttons(html)).toEqual([]);
  });

  it('shows its state, and the limits of its client once it has one', () => {
    const html = render(true, withoutToken);
    expect(checkbox(html)).toContain('checked=""');
    expect(buttons(html)).toEqual([`Limits for ${clientName}`]);
  });
});
