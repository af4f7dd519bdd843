import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageGroup } from '../../../../shared/contract.ts';
import { ChartCard } from './ChartCard.tsx';
import {
  AXIS_TICK,
  CURSOR_FILL,
  GRID_STROKE,
  TOOLTIP_LABEL_STYLE,
  TOOLTIP_STYLE,
} from './chart-style.ts';
import { formatMetric, METRIC_LABEL, topGroups, type GroupMetric } from './group-metric.ts';

interface GroupBarChartProps {
  title: string;
  groups: UsageGroup[];
  metric: GroupMetric;
  color: string;
}

/** Horizontal bars per model or per local token, biggest first. */
export function GroupBarChart({ title, groups, metric, color }: GroupBarChartProps) {
  const data = topGroups(groups, metric);
  const height = Math.max(120, data.length * 32 + 24);
  const summary = data.map((d) => `${d.key}: ${formatMetric(d.value, metric)}`).join('; ');
  return (
    <ChartCard
      title={title}
      summary={`${METRIC_LABEL[metric]} — ${summary || 'none'}.`}
      empty={data.length === 0 || data.every((d) => d.value === 0)}
    >
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(v: number) => formatMetric(v, metric)}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            type="category"
            dataKey="key"
            width={140}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={CURSOR_FILL}
            contentStyle={TOOLTIP_STYLE}
            labelStyle={TOOLTIP_LABEL_STYLE}
            formatter={(v) => [formatMetric(Number(v), metric), METRIC_LABEL[metric]]}
          />
          <Bar
            dataKey="value"
            fill={color}
            radius={[0, 3, 3, 0]}
            barSize={18}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
