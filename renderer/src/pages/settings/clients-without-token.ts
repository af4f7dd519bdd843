import {
  CLIENT_WITHOUT_TOKEN,
  FORMAT_NAME,
  TOKENLESS_FORMATS,
  type WireFormat,
} from '../../../../shared/wire-formats.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** The setting's list with one format switched on or off (in the formats' own order). */
export function withClientsWithoutToken(
  current: readonly WireFormat[],
  format: WireFormat,
  on: boolean,
): WireFormat[] {
  return TOKENLESS_FORMATS.filter((f) => (f === format ? on : current.includes(f)));
}

/** The toggle of one format's clients without a token: its label, risk, and what it saved. */
export function clientsWithoutTokenText(format: WireFormat) {
  const name = FORMAT_NAME[format];
  const client = CLIENT_WITHOUT_TOKEN[format] ?? name;
  return {
    label: i18n.t('settings.withoutToken.label', { name }),
    description: i18n.t('settings.withoutToken.description', { name, client }),
    switchedOn: i18n.t('settings.withoutToken.switchedOn', { name }),
    switchedOff: i18n.t('settings.withoutToken.switchedOff', { name }),
  };
}

/**
 * Saves one format's switch; then reads the tokens again, since switching on lists its client
 * among them (where its limits are set). Returns what to tell the user.
 */
export async function switchClientsWithoutToken(format: WireFormat, on: boolean): Promise<string> {
  const { settings, updateSettings } = useAppStore.getState();
  const next = withClientsWithoutToken(settings?.clientsWithoutToken ?? [], format, on);
  await updateSettings({ clientsWithoutToken: next });
  await useTokensStore.getState().load();
  const text = clientsWithoutTokenText(format);
  return on ? text.switchedOn : text.switchedOff;
}
