import { useTranslation } from 'react-i18next';
import type { UsagePoint } from '../../../../shared/contract.ts';
import { formatCost, formatCostTick } from '../../format/cost.ts';
import { formatBucket, formatDateTime } from '../../format/time.ts';
import { formatTokens, formatTokensCompact } from '../../format/tokens.ts';
import { ChartCard } from './ChartCard.tsx';
import { TimeBarChart } from './TimeBarChart.tsx';

interface SeriesChartsProps {
  series: UsagePoint[];
  bucket: 'hour' | 'day';
}

const HEIGHT = 220;

/** Cost and tokens per hour (≤ 2 days) or per day, as bars: one total per bucket. */
export function SeriesCharts({ series, bucket }: SeriesChartsProps) {
  const { t } = useTranslation();
  const tokenSeries = [
    { name: t('usage.series.input'), color: 'var(--chart-1)' },
    { name: t('usage.series.output'), color: 'var(--chart-2)' },
  ];
  const costSeries = [{ name: t('usage.series.cost'), color: 'var(--chart-1)' }];
  const empty = series.every((p) => p.requests === 0);
  const totalCost = series.reduce((n, p) => n + p.costUsd, 0);
  const totalTokens = series.reduce((n, p) => n + p.inputTokens + p.outputTokens, 0);
  const first = series[0]?.bucketStart ?? 0;
  const last = series.at(-1)?.bucketStart ?? 0;
  const multiDay = last - first >= 24 * 3_600_000;
  const formatTime = (ms: number) => formatBucket(ms, bucket, { multiDay });

  return (
    <>
      <ChartCard
        title={t('usage.series.costTitle')}
        summary={
          bucket === 'hour'
            ? t('usage.series.costPerHour', { total: formatCost(totalCost) })
            : t('usage.series.costPerDay', { total: formatCost(totalCost) })
        }
        empty={empty}
      >
        <TimeBarChart
          points={series.map((p) => ({ at: p.bucketStart, values: [p.costUsd] }))}
          series={costSeries}
          height={HEIGHT}
          axisWidth={64}
          formatValue={formatCost}
          formatTick={formatCostTick}
          formatTime={formatTime}
          formatBucket={formatDateTime}
        />
      </ChartCard>
      <ChartCard
        title={t('usage.series.tokensTitle')}
        summary={
          bucket === 'hour'
            ? t('usage.series.tokensPerHour', { total: formatTokens(totalTokens) })
            : t('usage.series.tokensPerDay', { total: formatTokens(totalTokens) })
        }
        empty={empty}
      >
        <TimeBarChart
          points={series.map((p) => ({
            at: p.bucketStart,
            values: [p.inputTokens, p.outputTokens],
          }))}
          series={tokenSeries}
          height={HEIGHT}
          axisWidth={48}
          formatValue={formatTokens}
          formatTick={formatTokensCompact}
          formatTime={formatTime}
          formatBucket={formatDateTime}
        />
      </ChartCard>
    </>
  );
}
