import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app-store.ts';
import { Spinner } from './Spinner.tsx';

/** Shown only while the live-event connection to the app is down and being retried. */
export function ConnectionPill() {
  const { t } = useTranslation();
  const connection = useAppStore((s) => s.connection);
  if (connection !== 'reconnecting') return null;
  return (
    <span className="connection-pill" role="status">
      <Spinner size={12} />
      {t('startup.reconnecting')}
    </span>
  );
}
