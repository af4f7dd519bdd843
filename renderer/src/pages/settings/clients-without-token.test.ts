import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSettings, TokenInfo } from '../../../../shared/contract.ts';
import {
  CLIENT_WITHOUT_TOKEN,
  FORMAT_NAME,
  TOKENLESS_FORMATS,
  WIRE_FORMATS,
} from '../../../../shared/wire-formats.ts';
import { defaultAppSettings } from '../../../../test/doubles/settings/default-app-settings.ts';

const call = vi.fn();
vi.mock('../../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { clientsWithoutTokenText, switchClientsWithoutToken, withClientsWithoutToken } =
  await import('./clients-without-token.ts');
const { useAppStore } = await import('../../stores/app-store.ts');
const { useTokensStore } = await import('../../stores/tokens-store.ts');

const format = TOKENLESS_FORMATS[0]!;

const SETTINGS: AppSettings = defaultAppSettings();

const CLIENT_ROW: TokenInfo = {
  id: `tok_without_token_${format}`,
  name: CLIENT_WITHOUT_TOKEN[format]!,
  prefix: '',
  createdAt: 1,
  lastUsedAt: null,
  revokedAt: null,
  withoutToken: true,
};

describe('clients without a token, in Settings', () => {
  beforeEach(() => {
    call.mockReset();
    useAppStore.setState({ settings: SETTINGS, status: null });
    useTokensStore.setState({ tokens: [], status: 'ready', error: null });
  });

  it('are a switch for each format that may go without a token, and no other', () => {
    expect(TOKENLESS_FORMATS.length).toBeGreaterThan(0);
    for (const f of TOKENLESS_FORMATS) {
      const text = clientsWithoutTokenText(f);
      // Labelled from the format's data, never a name written into the UI.
      expect(text.label).toBe(`Accept ${FORMAT_NAME[f]} clients without a token`);
      expect(text.description).toContain(`“${CLIENT_WITHOUT_TOKEN[f]}”`);
    }
    const others = WIRE_FORMATS.filter((f) => !TOKENLESS_FORMATS.includes(f));
    for (const f of others) expect(withClientsWithoutToken([], f, true)).toEqual([]);
  });

  it('say the risk: any program here can spend the credit, pages only from allowed origins', () => {
    const { description } = clientsWithoutTokenText(format);
    expect(description).toMatch(/^Off by default\./);
    expect(description).toMatch(/any program on this machine/);
    expect(description).toMatch(/spend your upstream credit/);
    expect(description).toMatch(/web pages whose origin is not in Allowed origins/);
    expect(description).toMatch(/budget/);
  });

  it('switch one format on or off and keep the others as they were', () => {
    expect(withClientsWithoutToken([], format, true)).toEqual([format]);
    expect(withClientsWithoutToken([format], format, true)).toEqual([format]);
    expect(withClientsWithoutToken([format], format, false)).toEqual([]);
  });

  it('save the switch, then list its client among the tokens', async () => {
    call.mockImplementation((method: string, params?: unknown) => {
      if (method === 'settings.update')
        return Promise.resolve({
          settings: { ...SETTINGS, ...(params as Partial<AppSettings>) },
          status: null,
        });
      if (method === 'tokens.list') return Promise.resolve([CLIENT_ROW]);
      return Promise.reject(new Error(`unexpected ${method}`));
    });
    const said = await switchClientsWithoutToken(format, true);
    expect(call.mock.calls.map(([method]) => method)).toEqual(['settings.update', 'tokens.list']);
    expect(call.mock.calls[0]?.[1]).toEqual({ clientsWithoutToken: [format] });
    expect(useAppStore.getState().settings?.clientsWithoutToken).toEqual([format]);
    expect(useTokensStore.getState().tokens).toEqual([CLIENT_ROW]);
    expect(said).toBe(clientsWithoutTokenText(format).switchedOn);

    call.mockClear();
    expect(await switchClientsWithoutToken(format, false)).toBe(
      clientsWithoutTokenText(format).switchedOff,
    );
    expect(call.mock.calls[0]?.[1]).toEqual({ clientsWithoutToken: [] });
  });

  it('change nothing when the app refuses, and say why', async () => {
    call.mockRejectedValue(new Error('clients of this format always need a token'));
    await expect(switchClientsWithoutToken(format, true)).rejects.toThrow(/always need a token/);
    expect(useAppStore.getState().settings?.clientsWithoutToken).toEqual([]);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
