import { ChartColumn, Info, RefreshCw } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../format/time.ts';
import { useLimitsStore } from '../../stores/limits-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { useUsageStore } from '../../stores/usage-store.ts';
import { GroupBarChart } from './GroupBarChart.tsx';
import { METRICS, type GroupMetric } from './group-metric.ts';
import { useMetricLabels } from './metric-labels.ts';
import { RangePicker } from './RangePicker.tsx';
import { SeriesCharts } from './SeriesCharts.tsx';
import { TotalsCards } from './TotalsCards.tsx';
import { UsageBudgets } from './UsageBudgets.tsx';
import { UsageTable } from './UsageTable.tsx';
import './usage.css';

export default function UsagePage() {
  const { t } = useTranslation();
  const metricLabels = useMetricLabels();
  const latest = useUsageStore((s) => s.data);
  // The charts and tables render after the page has shown, in React's interruptible pass, so
  // opening the page (or a new range arriving) never blocks the main thread in one long task.
  const data = useDeferredValue(latest, null);
  const status = useUsageStore((s) => s.status);
  const error = useUsageStore((s) => s.error);
  const load = useUsageStore((s) => s.load);
  const [metric, setMetric] = useState<GroupMetric>('cost');

  const loadBudgets = useLimitsStore((s) => s.loadBudgets);
  const loadTokens = useTokensStore((s) => s.load);

  useEffect(() => {
    void load();
    void loadBudgets();
    // The budgets name their token; the list says which stand for requests without one.
    void loadTokens();
  }, [load, loadBudgets, loadTokens]);

  // Requests that named no route are a group of their own, worded "(none)" like the others.
  const byRoute = data?.byModelRoute ?? [];

  let body;
  if (status === 'error') {
    body = (
      <ErrorState
        title={t('usage.page.loadFailed')}
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  } else if (!data) body = <LoadingState label={t('usage.page.loading')} />;
  else if (data.totals.requests === 0) {
    body = (
      <EmptyState icon={<ChartColumn size={20} />} title={t('usage.page.emptyTitle')}>
        {t('usage.page.emptyBody')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TotalsCards totals={data.totals} />
        <div className="chart-grid">
          <SeriesCharts series={data.series} bucket={data.range.bucket} />
        </div>
        <div className="row-between">
          <h2 className="section-title">{t('usage.page.whereItWent')}</h2>
          <div className="segmented" role="group" aria-label={t('usage.page.metric')}>
            {METRICS.map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={metric === m}
                onClick={() => setMetric(m)}
              >
                {metricLabels[m]}
              </button>
            ))}
          </div>
        </div>
        <div className="chart-grid">
          <GroupBarChart
            title={t('usage.page.byModel')}
            groups={data.byModel}
            metric={metric}
            color="var(--chart-1)"
          />
          <GroupBarChart
            title={t('usage.page.byToken')}
            groups={data.byToken}
            metric={metric}
            color="var(--chart-3)"
          />
          {byRoute.length > 0 ? (
            <GroupBarChart
              title={t('usage.page.byRoute')}
              groups={byRoute}
              metric={metric}
              color="var(--chart-2)"
            />
          ) : null}
        </div>
        <UsageTable
          groups={{
            model: data.byModel,
            token: data.byToken,
            modelRoute: data.byModelRoute,
            path: data.byPath,
          }}
          errors={{ modelRoute: data.byModelRouteError }}
        />
      </>
    );
  }

  return (
    <main className="page">
      <PageHeader
        title={t('usage.page.title')}
        description={
          latest
            ? t('usage.page.range', {
                from: formatDateTime(latest.range.from),
                to: formatDateTime(latest.range.to),
              })
            : t('usage.page.description')
        }
        actions={
          <>
            <RangePicker />
            <button
              type="button"
              className="btn btn-icon"
              aria-label={t('usage.page.reload')}
              title={t('usage.page.reload')}
              onClick={() => void load()}
              disabled={status === 'loading'}
            >
              <RefreshCw
                size={14}
                aria-hidden="true"
                className={status === 'loading' ? 'spin' : undefined}
              />
            </button>
          </>
        }
      />
      <div className="stack usage-body" aria-busy={status === 'loading'}>
        <p className="estimate-note">
          <Info size={14} aria-hidden="true" />
          {t('usage.page.estimateNote')}
        </p>
        <UsageBudgets />
        {body}
      </div>
    </main>
  );
}
