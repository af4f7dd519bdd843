import { useTranslation } from 'react-i18next';
import type { GroupMetric } from './group-metric.ts';

/** Each metric's name in the UI's language (each key written out for the catalog check). */
export function useMetricLabels(): Record<GroupMetric, string> {
  const { t } = useTranslation();
  return {
    cost: t('usage.metric.cost'),
    requests: t('usage.metric.requests'),
    tokens: t('usage.metric.tokens'),
  };
}
