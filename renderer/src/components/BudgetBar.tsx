import { useTranslation } from 'react-i18next';
import type { BudgetStatus } from '../../../shared/contract.ts';
import { budgetView } from '../format/budget.ts';
import './budget-bar.css';

/**
 * One budget as a bar: spent (solid), reserved by requests in flight (lighter), the limit (the
 * bar's end), with the numbers, when it resets and what happens once it is spent in words
 * beside it, so nothing is told by colour alone.
 */
export function BudgetBar({ budget, now = Date.now() }: { budget: BudgetStatus; now?: number }) {
  const { t } = useTranslation();
  const view = budgetView(budget, now);

  return (
    <div className={`budget is-${view.level}`}>
      <div className="budget-line">
        <span className="budget-label">{view.label}</span>
        <span className="budget-amounts">
          {view.amounts} <span className="subtle">({view.percent} %)</span>
        </span>
      </div>
      <div
        className="budget-track"
        role="meter"
        aria-label={t('format.budget.meterLabel', { label: view.label, token: budget.tokenName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, view.percent)}
        aria-valuetext={`${view.amounts}; ${view.resets}; ${view.then}`}
      >
        <span className="budget-fill" style={{ width: `${view.spentShare}%` }} />
        <span
          className="budget-fill-reserved"
          style={{ left: `${view.spentShare}%`, width: `${view.reservedShare}%` }}
        />
      </div>
      <div className="budget-line budget-facts">
        <span>{view.resets}</span>
        <span>{view.then}</span>
      </div>
    </div>
  );
}
