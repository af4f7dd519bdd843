import { PlugZap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest } from '../../../../shared/contract.ts';
import { getApi } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDuration } from '../../format/duration.ts';
import { describeConnectionTest } from '../../../../shared/describe-upstream-problem.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

interface ConnectionTestPanelProps {
  profileId: string | null;
  /** Run once on mount (the first-run flow's test step). */
  autoRun?: boolean;
  onResult?: (result: ConnectionTest) => void;
}

/** "Test connection": lists the upstream's models with the key, and says how it went. */
export function ConnectionTestPanel({
  profileId,
  autoRun = false,
  onResult,
}: ConnectionTestPanelProps) {
  const { t } = useTranslation();
  const { busy, error, perform } = useBusyAction();
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const ran = useRef(false);
  // A refused connection and a rejected key have different fixes: the title says which.
  const problem = result ? describeConnectionTest(result, t) : null;

  const run = async () => {
    setResult(null);
    await perform(async () => {
      const outcome = await getApi().call('upstream.test', profileId ? { profileId } : {});
      setResult(outcome);
      onResult?.(outcome);
    });
  };

  useEffect(() => {
    if (autoRun && !ran.current) {
      ran.current = true;
      void run();
    }
    // Once per mount by design (`ran` also guards StrictMode's double effect).
  }, [autoRun]);

  return (
    <div className="stack">
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => void run()} disabled={busy}>
          {busy ? <Spinner size={14} /> : <PlugZap size={14} aria-hidden="true" />}
          {busy ? t('settings.connection.testing') : t('settings.connection.test')}
        </button>
      </div>
      <div aria-live="polite">
        {result?.ok ? (
          <Alert kind="success" title={t('settings.connection.connected')} live={false}>
            {t('settings.connection.models', {
              count: result.modelCount,
              duration: formatDuration(result.latencyMs),
            })}
          </Alert>
        ) : null}
        {result && problem ? (
          <Alert kind="error" title={problem.heading} live={false}>
            {result.message}
          </Alert>
        ) : null}
        {error ? (
          <Alert kind="error" title={t('settings.connection.couldNotRun')} live={false}>
            {error}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
