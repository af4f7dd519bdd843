import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app-store.ts';
import { ConnectionTestPanel } from '../settings/ConnectionTestPanel.tsx';

/** Tries the key against the upstream right away; failing is allowed but said plainly. */
export function TestStep({ onNext, onBack }: { onNext: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const profileId = useAppStore((s) => s.status?.activeProfile?.id ?? null);
  const [ok, setOk] = useState<boolean | null>(null);
  return (
    <div className="stack">
      <div>
        <h1>{t('firstRun.test.title')}</h1>
        <p className="muted">{t('firstRun.test.description')}</p>
      </div>
      <ConnectionTestPanel profileId={profileId} autoRun onResult={(r) => setOk(r.ok)} />
      <div className="form-actions">
        <button type="button" className="btn" onClick={onBack}>
          {t('firstRun.back')}
        </button>
        <button type="button" className={ok === false ? 'btn' : 'btn btn-primary'} onClick={onNext}>
          {ok === false ? t('firstRun.test.continueAnyway') : t('firstRun.test.continue')}
          <ArrowRight size={14} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
