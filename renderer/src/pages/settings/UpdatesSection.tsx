import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdateStatus } from '../../../../shared/contract.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatDateTime } from '../../format/time.ts';
import { errorWords } from '../../api/api-error.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useUpdatesStore } from '../../stores/updates-store.ts';

/** The app's own updates: the switch, where they stand, and the one action that fits. */
export function UpdatesSection() {
  const { t } = useTranslation();
  const autoUpdate = useAppStore((s) => s.settings?.autoUpdate);
  const { status, error, busy, load, check, setEnabled, restart } = useUpdatesStore();
  useEffect(() => void load(), [load]);
  if (autoUpdate === undefined) return null;

  return (
    <SectionCard
      id="updates"
      title={t('settings.updates.title')}
      description={t('settings.updates.description')}
    >
      <div className="stack">
        <div className="stack-sm">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={autoUpdate}
              disabled={busy}
              aria-describedby="updates-hint"
              onChange={(e) => void setEnabled(e.target.checked)}
            />
            <span>{t('settings.updates.auto')}</span>
          </label>
          <span className="field-hint checkbox-hint" id="updates-hint">
            {t('settings.updates.autoHint')}
          </span>
        </div>
        <div className="row" role="status">
          <span>{status ? describe(status) : t('settings.updates.reading')}</span>
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {status ? (
          <UpdateAction status={status} busy={busy} check={check} restart={restart} />
        ) : null}
      </div>
    </SectionCard>
  );
}

function UpdateAction(props: {
  status: UpdateStatus;
  busy: boolean;
  check: () => Promise<void>;
  restart: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { status, busy } = props;
  if (status.state === 'ready')
    return (
      <div className="row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void props.restart()}
        >
          {t('settings.updates.restart')}
        </button>
      </div>
    );
  if (status.state === 'idle' || status.state === 'error')
    return (
      <div className="row">
        <button type="button" className="btn" disabled={busy} onClick={() => void props.check()}>
          {status.state === 'error' ? t('settings.updates.tryAgain') : t('settings.updates.check')}
        </button>
      </div>
    );
  return null;
}

function describe(status: UpdateStatus): string {
  switch (status.state) {
    case 'unavailable':
      return status.reason === 'headless'
        ? i18n.t('settings.updates.unavailableHeadless')
        : i18n.t('settings.updates.unavailableSources');
    case 'disabled':
      return i18n.t('settings.updates.disabled');
    case 'idle':
      return status.checkedAt === null
        ? i18n.t('settings.updates.notChecked')
        : i18n.t('settings.updates.upToDate', { time: formatDateTime(status.checkedAt) });
    case 'checking':
      return i18n.t('settings.updates.checking');
    case 'downloading':
      return i18n.t('settings.updates.downloading', {
        version: status.version,
        percent: status.percent,
      });
    case 'ready':
      return i18n.t('settings.updates.ready', { version: status.version });

    case 'error':
      return errorWords(status.message, status.i18n);
  }
}
