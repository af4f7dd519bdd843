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
const TOKEN_SERIES = [
  { name: 'Input', color: 'var(--chart-1)' },
  { name: 'Output', color: 'var(--chart-2)' },
];
const COST_SERIES = [{ name: 'Cost', color: 'var(--chart-1)' }];

/** Cost and tokens per hour (≤ 2 days) or per day, as bars: one total per bucket. */
export function SeriesCharts({ series, bucket }: SeriesChartsProps) {
  const empty = series.every((p) => p.requests === 0);
  const totalCost = series.reduce((n, p) => n + p.costUsd, 0);
  const totalTokens = series.reduce((n, p) => n + p.inputTokens + p.outputTokens, 0);
  const first = series[0]?.bucketStart ?? 0;
  const last = series.at(-1)?.bucketStart ?? 0;
  const multiDay = last - first >= 24 * 3_600_000;
  const formatTime = (ms: number) => formatBucket(ms, bucket, { multiDay });
  const unit = bucket === 'hour' ? 'hour' : 'day';

  return (
    <>
      <ChartCard
        title="Cost over time"
        summary={`Estimated cost per ${unit}, ${formatCost(totalCost)} in total.`}
        empty={empty}
      >
        <TimeBarChart
          points={series.map((p) => ({ at: p.bucketStart, values: [p.costUsd] }))}
          series={COST_SERIES}
          height={HEIGHT}
          axisWidth={64}
          formatValue={formatCost}
          formatTick={formatCostTick}
          formatTime={formatTime}
          formatBucket={formatDateTime}
        />
      </ChartCard>
      <ChartCard
        title="Tokens over time"
        summary={`Input and output tokens per ${unit}, ${formatTokens(totalTokens)} in total.`}
        empty={empty}
      >
        <TimeBarChart
          points={series.map((p) => ({
            at: p.bucketStart,
            values: [p.inputTokens, p.outputTokens],
          }))}
          series={TOKEN_SERIES}
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
