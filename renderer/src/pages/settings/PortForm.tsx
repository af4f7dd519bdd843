import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { GatewayStatus } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

function portProblem(value: string): string | null {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return i18n.t('settings.port.invalid');
  return null;
}

/** The gateway's port. Saving restarts the listener; the result says whether it came up. */
export function PortForm({ port }: { port: number }) {
  const { t } = useTranslation();
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [value, setValue] = useState(String(port));
  const { busy, error, perform } = useBusyAction();
  const [outcome, setOutcome] = useState<GatewayStatus | null>(null);
  const problem = portProblem(value);

  const save = async () => {
    if (problem) return;
    setOutcome(null);
    await perform(async () => {
      await updateSettings({ port: Number(value) });
      setOutcome(useAppStore.getState().status?.gateway ?? null);
    });
  };

  return (
    <form
      className="stack-sm"
      aria-label={t('settings.port.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="inline-form">
        <Field
          label={t('settings.port.label')}
          error={value ? problem : null}
          className="port-field"
        >
          {(p) => (
            <input
              {...p}
              className="input"
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, ''))}
            />
          )}
        </Field>
        <button
          type="submit"
          className="btn"
          disabled={busy || problem !== null || Number(value) === port}
        >
          {busy ? <Spinner size={14} /> : null}
          {t('settings.port.save')}
        </button>
      </div>
      <div aria-live="polite">
        {outcome?.running ? (
          <Alert kind="success" live={false}>
            <Trans
              i18nKey="settings.port.listening"
              values={{ url: outcome.url }}
              components={{ code: <code /> }}
            />
          </Alert>
        ) : null}
        {outcome && !outcome.running ? (
          <Alert kind="error" title={t('settings.port.didNotStart')} live={false}>
            {outcome.error ?? t('settings.port.noReason')}
          </Alert>
        ) : null}
        {error ? (
          <Alert kind="error" live={false}>
            {error}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
