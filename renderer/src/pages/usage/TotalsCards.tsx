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
  const cards: Card[] = [
    {
      label: 'Requests',
      value: formatTokens(totals.requests),
      title: formatTokens(totals.requests),
      detail: `${formatTokens(totals.errors)} error${totals.errors === 1 ? '' : 's'}`,
    },
    {
      label: 'Input tokens',
      value: formatTokensCompact(totals.inputTokens),
      title: formatTokens(totals.inputTokens),
      detail: `${formatTokensCompact(totals.cachedTokens)} cached`,
    },
    {
      label: 'Output tokens',
      value: formatTokensCompact(totals.outputTokens),
      title: formatTokens(totals.outputTokens),
      detail: `${formatTokensCompact(totals.reasoningTokens)} reasoning`,
    },
    {
      label: 'Estimated cost',
      value: formatCost(totals.costUsd),
      title: `$${totals.costUsd}`,
      detail:
        totals.estimatedRequests > 0
          ? `${formatTokens(totals.estimatedRequests)} with estimated usage`
          : 'from the upstream’s tariffs',
    },
  ];
  return (
    <ul className="totals" aria-label="Totals">
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
