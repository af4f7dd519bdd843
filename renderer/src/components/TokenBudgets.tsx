import type { BudgetStatus } from '../../../shared/contract.ts';
import { BudgetBar } from './BudgetBar.tsx';

/** A token's budgets side by side (daily, weekly, monthly), each as a bar. */
export function TokenBudgets({ budgets, label }: { budgets: BudgetStatus[]; label: string }) {
  const now = Date.now();
  return (
    <ul className="budget-list" aria-label={label}>
      {budgets.map((b) => (
        <li key={b.period}>
          <BudgetBar budget={b} now={now} />
        </li>
      ))}
    </ul>
  );
}
