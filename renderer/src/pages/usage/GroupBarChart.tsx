import { useTranslation } from 'react-i18next';
import type { UsageGroup } from '../../../../shared/contract.ts';
import { ChartCard } from './ChartCard.tsx';
import { formatMetric, topGroups, type GroupMetric } from './group-metric.ts';
import { useMetricLabels } from './metric-labels.ts';

interface GroupBarChartProps {
  title: string;
  groups: UsageGroup[];
  metric: GroupMetric;
  color: string;
}

/** Horizontal bars per model or per local token, biggest first (plain HTML: it reflows). */
export function GroupBarChart({ title, groups, metric, color }: GroupBarChartProps) {
  const { t } = useTranslation();
  const labels = useMetricLabels();
  const data = topGroups(groups, metric);
  const max = Math.max(0, ...data.map((d) => d.value));
  const summary = data.map((d) => `${d.key}: ${formatMetric(d.value, metric)}`).join('; ');
  return (
    <ChartCard
      title={title}
      summary={t('usage.chart.groupSummary', {
        metric: labels[metric],
        values: summary || t('usage.chart.noneSummary'),
      })}
      empty={data.length === 0 || max === 0}
    >
      <ul className="hbar-chart">
        {data.map((d) => (
          <li key={d.key} className="hbar-row" title={`${d.key}: ${formatMetric(d.value, metric)}`}>
            <span className="hbar-label mono">{d.key}</span>
            <span className="hbar-track">
              <span
                className="hbar-fill"
                style={{ width: `${max ? (d.value / max) * 100 : 0}%`, background: color }}
              />
            </span>
            <span className="hbar-value num">{formatMetric(d.value, metric)}</span>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
