import { useEffect } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { NewTokenNotice } from './NewTokenNotice.tsx';
import { TokenTable } from './TokenTable.tsx';

export function TokensSection() {
  const load = useTokensStore((s) => s.load);
  const dismissCreated = useTokensStore((s) => s.dismissCreated);
  useEffect(() => {
    void load();
    // A created token's secret is not kept once the user leaves the page: shown once means once.
    return dismissCreated;
  }, [load, dismissCreated]);

  return (
    <SectionCard
      id="tokens"
      title="Local tokens"
      description="Tools authenticate to the gateway with these, never with the upstream key."
    >
      <div className="stack">
        <CreateTokenForm />
        <NewTokenNotice />
        <TokenTable />
      </div>
    </SectionCard>
  );
}
