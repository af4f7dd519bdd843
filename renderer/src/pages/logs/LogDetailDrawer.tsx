import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../../shared/contract.ts';
import { errorMessage, getApi } from '../../api/index.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useLogsStore } from '../../stores/logs-store.ts';
import { LogDetail } from './LogDetail.tsx';

type Loaded =
  { state: 'loading' } | { state: 'ready'; entry: LogEntry } | { state: 'error'; message: string };

/**
 * The selected request in full; fetched by id since list rows may leave out the capture (or the
 * live window may have let the row go). Memoised: the page redraws with each batch of live rows.
 */
export const LogDetailDrawer = memo(function LogDetailDrawer() {
  const { t } = useTranslation();
  const requestId = useLogsStore((s) => s.selectedRequestId);
  const select = useLogsStore((s) => s.select);
  const fromList = useLogsStore((s) =>
    requestId === null ? null : (s.rows.find((r) => r.requestId === requestId) ?? null),
  );
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!requestId) return;
    let cancelled = false;
    setLoaded({ state: 'loading' });
    getApi()
      .call('logs.get', { requestId })
      .then((entry) => {
        if (cancelled) return;
        if (entry) setLoaded({ state: 'ready', entry });
        else setLoaded({ state: 'error', message: t('logs.detail.gone') });
      })
      .catch((e: unknown) => {
        if (!cancelled) setLoaded({ state: 'error', message: errorMessage(e) });
      });
    return () => {
      cancelled = true;
    };
  }, [requestId, attempt, t]);

  // Show the row we already have while the full record loads.
  const entry = loaded.state === 'ready' ? loaded.entry : fromList;

  return (
    <Dialog
      open={requestId !== null}
      onClose={() => select(null)}
      variant="drawer"
      title={t('logs.detail.title')}
      description={entry ? `${entry.method} ${entry.path}` : undefined}
    >
      {loaded.state === 'error' ? (
        <ErrorState
          title={t('logs.detail.loadFailed')}
          message={loaded.message}
          onRetry={() => setAttempt(attempt + 1)}
        />
      ) : entry ? (
        <LogDetail entry={entry} />
      ) : (
        <LoadingState label={t('logs.detail.loading')} />
      )}
    </Dialog>
  );
});
