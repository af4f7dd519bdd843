import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenInfo } from '../../../../shared/contract.ts';
import { TOKENLESS_FORMATS, type WireFormat } from '../../../../shared/wire-formats.ts';
import { formatWithoutToken } from '../../format/token-client.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { clientsWithoutTokenText, switchClientsWithoutToken } from './clients-without-token.ts';
import { LimitsDialog } from './LimitsDialog.tsx';

/**
 * A switch per format whose clients usually send no key (`TOKENLESS_FORMATS`): off by default; on, they
 * are taken without a token from this machine, as a client of their own with budgets.
 */
export function ClientsWithoutToken() {
  const settings = useAppStore((s) => s.settings);
  const tokens = useTokensStore((s) => s.tokens);
  const [limiting, setLimiting] = useState<TokenInfo | null>(null);
  const { busy, perform } = useBusyAction({ onError: (message) => toast.error(message) });
  if (!settings || TOKENLESS_FORMATS.length === 0) return null;

  const toggle = async (format: WireFormat, on: boolean) => {
    if (busy) return;
    await perform(async () => toast.success(await switchClientsWithoutToken(format, on)));
  };

  return (
    <>
      <hr className="divider" />
      {TOKENLESS_FORMATS.map((format) => (
        <ClientWithoutTokenToggle
          key={format}
          format={format}
          on={settings.clientsWithoutToken.includes(format)}
          client={
            tokens.find((t) => t.revokedAt === null && formatWithoutToken(t) === format) ?? null
          }
          onToggle={(on) => void toggle(format, on)}
          onLimits={setLimiting}
        />
      ))}
      <LimitsDialog token={limiting} onClose={() => setLimiting(null)} />
    </>
  );
}

interface ClientWithoutTokenToggleProps {
  format: WireFormat;
  on: boolean;
  /** The row its requests are metered as, once there is one (the first time it is switched on). */
  client: TokenInfo | null;
  onToggle: (on: boolean) => void;
  onLimits: (client: TokenInfo) => void;
}

/** One format's switch, its risk in words (read with it), and its client's limits. */
export function ClientWithoutTokenToggle({
  format,
  on,
  client,
  onToggle,
  onLimits,
}: ClientWithoutTokenToggleProps) {
  const { t } = useTranslation();
  const hintId = `${useId()}-hint`;
  const text = clientsWithoutTokenText(format);
  return (
    <div className="stack-sm" data-format={format}>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          aria-describedby={hintId}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <span>{text.label}</span>
      </label>
      <span className="field-hint checkbox-hint" id={hintId}>
        {text.description}
      </span>
      {client ? (
        <div className="checkbox-hint">
          <button type="button" className="btn btn-sm" onClick={() => onLimits(client)}>
            {t('format.token.limitsButtonClient', { name: client.name })}
          </button>
        </div>
      ) : null}
    </div>
  );
}
