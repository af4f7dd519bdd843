import { Trans, useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';

/**
 * Headless mode without a valid UI token: the page cannot talk to the app. The only fix is the
 * URL the app printed when it started, which carries a fresh token.
 */
export function TokenRequiredScreen({ refused }: { refused: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <div className="card screen-card token-screen">
        <span className="state-icon" aria-hidden="true">
          <KeyRound size={20} />
        </span>
        <h1>{t('tokenRequired.title')}</h1>
        <p className="muted">{refused ? t('tokenRequired.refused') : t('tokenRequired.missing')}</p>
        <p className="muted">
          <Trans
            i18nKey="tokenRequired.how"
            values={{ command: 'model-gateway', part: '?token=…' }}
            components={{ code: <code /> }}
          />
        </p>
      </div>
    </main>
  );
}
