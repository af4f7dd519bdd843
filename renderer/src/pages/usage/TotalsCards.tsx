import { useTranslation } from 'react-i18next';
import type { UsageTotals } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatTokens, formatTokensCompact } from '../../format/tokens.ts';

interface Card {
  label: string;
  value: string;
  title: string;
  detail: string;
}

/** Requests, input and output tokens, and estimated cost for the range. */
export function TotalsCards({ totals }: { totals: UsageTotals }) {
  const { t } = useTranslation();
  const cards: Card[] = [
    {
      label: t('usage.totals.requests'),
      value: formatTokens(totals.requests),
      title: formatTokens(totals.requests),
      detail: t('usage.totals.errors', {
        count: totals.errors,
        formatted: formatTokens(totals.errors),
      }),
    },
    {
      label: t('usage.totals.input'),
      value: formatTokensCompact(totals.inputTokens),
      title: formatTokens(totals.inputTokens),
      detail: t('usage.totals.cached', { formatted: formatTokensCompact(totals.cachedTokens) }),
    },
    {
      label: t('usage.totals.output'),
      value: formatTokensCompact(totals.outputTokens),
      title: formatTokens(totals.outputTokens),
      detail: t('usage.totals.reasoning', {
        formatted: formatTokensCompact(totals.reasoningTokens),
      }),
    },
    {
      label: t('usage.totals.cost'),
      value: formatCost(totals.costUsd),
      title: `$${totals.costUsd}`,
      detail:
        totals.estimatedRequests > 0
          ? t('usage.totals.estimated', {
              count: totals.estimatedRequests,
              formatted: formatTokens(totals.estimatedRequests),
            })
          : t('usage.totals.fromTariffs'),
    },
  ];
  return (
    <ul className="totals" aria-label={t('usage.totals.label')}>
      {cards.map((card) => (
        <li key={card.label} className="card total-card">
          <span className="total-label">{card.label}</span>
          <span className="total-value" title={card.title}>
            {card.value}
          </span>
          <span className="total-detail">{card.detail}</span>
        </li>
      ))}
    </ul>
  );
}
