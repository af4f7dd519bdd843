import type { UsageGroup } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatTokens } from '../../format/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';

export type GroupMetric = 'cost' | 'requests' | 'tokens';

export const METRICS: readonly GroupMetric[] = ['cost', 'requests', 'tokens'];

function metricValue(group: UsageGroup, metric: GroupMetric): number {
  if (metric === 'cost') return group.costUsd;
  if (metric === 'requests') return group.requests;
  return group.inputTokens + group.outputTokens;
}

export function formatMetric(value: number, metric: GroupMetric): string {
  return metric === 'cost' ? formatCost(value) : formatTokens(value);
}

/** The biggest groups for a bar chart; the rest summed as "Other" so bars stay readable. */
export function topGroups(
  groups: UsageGroup[],
  metric: GroupMetric,
  limit = 8,
): { key: string; value: number }[] {
  const rows = groups
    .map((g) => ({ key: g.key || i18n.t('usage.groups.none'), value: metricValue(g, metric) }))
    .sort((a, b) => b.value - a.value);
  if (rows.length <= limit) return rows;
  const rest = rows.slice(limit - 1).reduce((n, r) => n + r.value, 0);
  const others = rows.length - limit + 1;
  return [
    ...rows.slice(0, limit - 1),
    { key: i18n.t('usage.groups.other', { count: others }), value: rest },
  ];
}
