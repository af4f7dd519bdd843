import { RefreshCw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { BudgetStatus } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { TokenBudgets } from '../../components/TokenBudgets.tsx';
import { noTokenText } from '../../format/token-client.ts';
import { hashFor } from '../../lib/routes.ts';
import { useLimitsStore } from '../../stores/limits-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** The budgets grouped by token, in the order the app gave the tokens. */
function byToken(budgets: BudgetStatus[]): { id: string; name: string; budgets: BudgetStatus[] }[] {
  const order = { day: 0, week: 1, month: 2 };
  const tokens = new Map<string, { id: string; name: string; budgets: BudgetStatus[] }>();
  for (const b of budgets) {
    const token = tokens.get(b.tokenId) ?? { id: b.tokenId, name: b.tokenName, budgets: [] };
    token.budgets.push(b);
    tokens.set(b.tokenId, token);
  }
  for (const token of tokens.values())
    token.budgets.sort((a, b) => order[a.period] - order[b.period]);
  return [...tokens.values()];
}

/**
 * Each local token's budgets in their current period (whatever the range above): spent,
 * reserved by requests in flight, the limit, when it resets and what happens once it is spent.
 */
export function UsageBudgets() {
  const { t } = useTranslation();
  const budgets = useLimitsStore((s) => s.budgets);
  const status = useLimitsStore((s) => s.budgetsStatus);
  const error = useLimitsStore((s) => s.budgetsError);
  const loadBudgets = useLimitsStore((s) => s.loadBudgets);
  // Which budgets belong to requests without a token, rather than to a token.
  const tokens = useTokensStore((s) => s.tokens);

  if (status === 'idle' || (status === 'loading' && budgets.length === 0)) return null;
  if (status === 'error')
    return (
      <Alert kind="warning" title={t('usage.budgets.loadFailed')}>
        <p>{error}</p>
        <button type="button" className="btn btn-sm" onClick={() => void loadBudgets()}>
          <RefreshCw size={14} aria-hidden="true" />
          {t('usage.budgets.retry')}
        </button>
      </Alert>
    );
  if (budgets.length === 0)
    return (
      <p className="muted usage-no-budgets">
        <Trans
          i18nKey="usage.budgets.none"
          components={{ settings: <a href={hashFor('settings')} /> }}
        />
      </p>
    );
  return (
    <section className="card usage-budgets" aria-labelledby="usage-budgets-title">
      <div className="card-header">
        <div>
          <h2 id="usage-budgets-title">{t('usage.budgets.title')}</h2>
          <p>{t('usage.budgets.description')}</p>
        </div>
      </div>
      <div className="card-body stack">
        {byToken(budgets).map((token) => {
          const withoutToken = tokens.find((t) => t.id === token.id)?.withoutToken;
          return (
            <div key={token.id} className="usage-budget-token">
              <h3 className="mono">{token.name}</h3>
              {withoutToken ? <p className="subtle">{noTokenText()}</p> : null}
              <TokenBudgets
                budgets={token.budgets}
                label={
                  withoutToken
                    ? t('usage.budgets.ofClient', { name: token.name })
                    : t('usage.budgets.ofToken', { name: token.name })
                }
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}
