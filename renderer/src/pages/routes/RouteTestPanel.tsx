import { CircleCheck, CircleX, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDuration } from '../../format/duration.ts';
import { useRouteActivityStore } from '../../stores/route-activity-store.ts';

/**
 * A route's test: while it runs, what it does and a Cancel; then each model's answer or error,
 * in the route's order.
 */
export function RouteTestPanel({ route }: { route: ModelRouteInfo }) {
  const { t } = useTranslation();
  const run = useRouteActivityStore((s) => s.tests[route.name]);
  const { cancelTest, clearTest, test } = useRouteActivityStore.getState();

  let content = null;
  if (run?.state === 'running')
    content = (
      <div className="route-test-running">
        <Spinner size={14} />
        <span>{t('routes.test.running', { name: route.name })}</span>
        <button type="button" className="btn btn-sm" onClick={() => cancelTest(route.name)}>
          {t('routes.test.cancel')}
        </button>
      </div>
    );
  else if (run?.state === 'error')
    content = (
      <Alert kind="error" title={t('routes.test.failed')}>
        <p>{run.message}</p>
        <div className="form-actions">
          <button type="button" className="btn btn-sm" onClick={() => void test(route.name)}>
            {t('routes.test.retry')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => clearTest(route.name)}
          >
            {t('routes.test.dismiss')}
          </button>
        </div>
      </Alert>
    );
  else if (run?.state === 'done') {
    const ok = run.results.filter((r) => r.ok).length;
    content = (
      <div className="route-test-results">
        <div className="row-between">
          <h3 className="route-subheading">
            {t('routes.test.summary', { ok, count: run.results.length })}
          </h3>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => clearTest(route.name)}
          >
            <X size={14} aria-hidden="true" />
            {t('routes.test.clear')}
          </button>
        </div>
        <ol className="route-test-list" aria-label={t('routes.test.label', { name: route.name })}>
          {run.results.map((r, i) => (
            <li key={`${i}-${r.model}`} className={r.ok ? 'is-ok' : 'is-failed'}>
              <span className="route-test-head">
                {r.ok ? (
                  <CircleCheck size={14} aria-hidden="true" className="model-attempt-ok" />
                ) : (
                  <CircleX size={14} aria-hidden="true" className="model-attempt-failed" />
                )}
                <span className="mono">{r.model}</span>
                <span className={r.ok ? 'badge badge-success' : 'badge badge-danger'}>
                  {r.ok
                    ? t('routes.test.answered')
                    : r.status === null
                      ? t('routes.test.noAnswer')
                      : t('routes.test.error', { status: r.status })}
                </span>
                <span className="subtle nowrap">{formatDuration(r.latencyMs)}</span>
              </span>
              <span className="route-test-text">{r.text || t('routes.test.emptyAnswer')}</span>
            </li>
          ))}
        </ol>
      </div>
    );
  }

  // Announced as it changes: started, and what came of it.
  const announcement =
    run?.state === 'running'
      ? t('routes.test.announceRunning', { name: route.name })
      : run?.state === 'done'
        ? t('routes.test.announceDone', {
            name: route.name,
            ok: run.results.filter((r) => r.ok).length,
            count: run.results.length,
          })
        : '';
  return (
    <>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {content}
    </>
  );
}
