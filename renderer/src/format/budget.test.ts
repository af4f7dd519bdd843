import { describe, expect, it } from 'vitest';
import type { BudgetStatus } from '../../../shared/contract.ts';
import { budgetAlertText, budgetView, formatResetTime, shortUsd, spentPercent } from './budget.ts';

// Local times, so the expectations hold in any time zone.
const now = new Date(2025, 2, 3, 18, 30).getTime();
const midnight = new Date(2025, 2, 4, 0, 0).getTime();
const nextMonth = new Date(2025, 3, 1, 0, 0).getTime();

const budget = (patch: Partial<BudgetStatus> = {}): BudgetStatus => ({
  tokenId: 't1',
  tokenName: 'codex',
  period: 'day',
  limitUsd: 5,
  spentUsd: 4.02,
  reservedUsd: 0,
  startsAt: new Date(2025, 2, 3).getTime(),
  resetsAt: midnight,
  thenRoute: null,
  ...patch,
});

describe('budget notices', () => {
  it('says when a budget resets: the time today or tomorrow, the day further off', () => {
    expect(formatResetTime(midnight, now, 'en-US')).toBe('00:00');
    expect(formatResetTime(nextMonth, now, 'en-US')).toBe('Tue, Apr 1, 00:00');
  });

  it('never rounds a percentage up to a limit not reached', () => {
    expect(spentPercent(4.02, 5)).toBe(80);
    expect(spentPercent(0.04, 0.05)).toBe(80);
    expect(spentPercent(3.9999, 5)).toBe(79);
    expect(spentPercent(1, 0)).toBe(0);
  });

  it('words the 80 % warning and the spent budget, refused or sent to a route', () => {
    expect(budgetAlertText({ ...budget(), level: 'warning' }, now, 'en-US')).toBe(
      "Token 'codex' has used 80 % of its daily budget: $4.02 of $5.00; resets at 00:00.",
    );
    expect(budgetAlertText({ ...budget({ spentUsd: 5.01 }), level: 'spent' }, now, 'en-US')).toBe(
      "Token 'codex' has spent its daily budget ($5.01 of $5.00); requests are refused until 00:00.",
    );
    expect(
      budgetAlertText(
        {
          ...budget({ spentUsd: 5, thenRoute: 'cheap', period: 'month', resetsAt: nextMonth }),
          level: 'spent',
        },
        now,
        'en-US',
      ),
    ).toBe(
      "Token 'codex' has spent its monthly budget ($5.00 of $5.00); requests go to route 'cheap' until Tue, Apr 1, 00:00.",
    );
  });

  it('draws spent and reserved as shares of the limit, never past it', () => {
    const view = budgetView(budget({ spentUsd: 4, reservedUsd: 2 }), now, 'en-US');
    expect(view.spentShare).toBe(80);
    expect(view.reservedShare).toBe(20);
    expect(view.level).toBe('warning');
    expect(view.amounts).toBe('$4.00 + $2.00 reserved of $5.00');
    expect(view.resets).toBe('resets at 00:00');
    expect(view.label).toBe('Daily budget');
    expect(view.then).toBe('once spent, refused');
    const over = budgetView(budget({ spentUsd: 7, thenRoute: 'cheap' }), now, 'en-US');
    expect([over.spentShare, over.reservedShare, over.level, over.then]).toEqual([
      100,
      0,
      'spent',
      'requests go to route cheap',
    ]);
  });

  it('keeps summaries short', () => {
    expect(shortUsd(5)).toBe('$5');
    expect(shortUsd(1500)).toBe('$1,500');
    expect(shortUsd(0.5)).toBe('$0.50');
  });
});
