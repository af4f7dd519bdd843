import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { UsagePoint } from '../../../../shared/contract.ts';
import { formatCost, formatCostTick } from '../../format/cost.ts';
import { formatDateTime, formatBucket } from '../../format/time.ts';
import { formatTokens, formatTokensCompact } from '../../format/tokens.ts';
import { ChartCard } from './ChartCard.tsx';
import {
  AXIS_TICK,
  CURSOR_FILL,
  GRID_STROKE,
  TOOLTIP_LABEL_STYLE,
  TOOLTIP_STYLE,
} from './chart-style.ts';

interface SeriesChartsProps {
  series: UsagePoint[];
  bucket: 'hour' | 'day';
}

const HEIGHT = 220;
const VALUE_AXIS = { tick: AXIS_TICK, tickLine: false, axisLine: false };

/** Cost and tokens over time, one bucket per hour (≤ 2 days) or per day. */
export function SeriesCharts({ series, bucket }: SeriesChartsProps) {
  const empty = series.every((p) => p.requests === 0);
  const totalCost = series.reduce((n, p) => n + p.costUsd, 0);
  const totalTokens = series.reduce((n, p) => n + p.inputTokens + p.outputTokens, 0);
  const first = series[0]?.bucketStart ?? 0;
  const last = series.at(-1)?.bucketStart ?? 0;
  const multiDay = last - first >= 24 * 3_600_000;
  const tickFormatter = (ms: number) => formatBucket(ms, bucket, { multiDay });
  const labelFormatter = (ms: unknown) =>
    typeof ms === 'number' ? formatDateTime(ms) : String(ms);
  const unit = bucket === 'hour' ? 'hour' : 'day';
  // Both charts share the time axis, the value axis's look and the tooltip's.
  const timeAxis = {
    dataKey: 'bucketStart',
    tickFormatter,
    tick: AXIS_TICK,
    tickLine: false,
    axisLine: false,
    minTickGap: 24,
  };
  const tooltip = {
    contentStyle: TOOLTIP_STYLE,
    labelStyle: TOOLTIP_LABEL_STYLE,
    labelFormatter,
  };

  return (
    <>
      <ChartCard
        title="Cost over time"
        summary={`Estimated cost per ${unit}, ${formatCost(totalCost)} in total.`}
        empty={empty}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={GRID_STROKE} vertical={false} />
            <XAxis {...timeAxis} />
            <YAxis {...VALUE_AXIS} tickFormatter={(v: number) => formatCostTick(v)} width={64} />
            <Tooltip
              cursor={CURSOR_FILL}
              {...tooltip}
              formatter={(v) => [formatCost(Number(v)), 'Cost']}
            />
            <Bar
              dataKey="costUsd"
              name="Cost"
              fill="var(--chart-1)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="Tokens over time"
        summary={`Input and output tokens per ${unit}, ${formatTokens(totalTokens)} in total.`}
        empty={empty}
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={GRID_STROKE} vertical={false} />
            <XAxis {...timeAxis} />
            <YAxis
              {...VALUE_AXIS}
              tickFormatter={(v: number) => formatTokensCompact(v)}
              width={48}
            />
            <Tooltip {...tooltip} formatter={(v, name) => [formatTokens(Number(v)), name]} />
            <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
            <Area
              type="monotone"
              dataKey="inputTokens"
              name="Input"
              stackId="t"
              stroke="var(--chart-1)"
              fill="var(--chart-1)"
              fillOpacity={0.25}
              isAnimationActive={false}
            />
            <Area
              type="monotone"
              dataKey="outputTokens"
              name="Output"
              stackId="t"
              stroke="var(--chart-2)"
              fill="var(--chart-2)"
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
    </>
  );
}
