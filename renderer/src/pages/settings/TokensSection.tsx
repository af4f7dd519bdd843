import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useLimitsStore } from '../../stores/limits-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { ClientsWithoutToken } from './ClientsWithoutToken.tsx';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { NewTokenNotice } from './NewTokenNotice.tsx';
import { TokenTable } from './TokenTable.tsx';

export function TokensSection() {
  const { t } = useTranslation();
  const load = useTokensStore((s) => s.load);
  const dismissCreated = useTokensStore((s) => s.dismissCreated);
  const tokens = useTokensStore((s) => s.tokens);
  const loadLimits = useLimitsStore((s) => s.loadLimits);
  const loadBudgets = useLimitsStore((s) => s.loadBudgets);
  // Each active token's limits, for the table's summaries (and their budgets, for the editor).
  const activeIds = tokens
    .filter((token) => !token.revokedAt)
    .map((token) => token.id)
    .join(',');
  useEffect(() => {
    if (activeIds) void loadLimits(activeIds.split(','));
  }, [activeIds, loadLimits]);
  useEffect(() => {
    void loadBudgets();
  }, [loadBudgets]);

  useEffect(() => {
    void load();
    // A created token's secret is not kept once the user leaves the page: shown once means once.
    return dismissCreated;
  }, [load, dismissCreated]);

  return (
    <SectionCard
      id="tokens"
      title={t('settings.tokens.title')}
      description={t('settings.tokens.description')}
    >
      <div className="stack">
        <CreateTokenForm />
        <NewTokenNotice />
        <TokenTable />
        <ClientsWithoutToken />
      </div>
    </SectionCard>
  );
}
