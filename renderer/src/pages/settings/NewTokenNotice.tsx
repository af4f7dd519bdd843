import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton.tsx';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** The token just created, shown this once with a Copy button and a warning. */
export function NewTokenNotice() {
  const { t } = useTranslation();
  const created = useTokensStore((s) => s.created);
  const dismiss = useTokensStore((s) => s.dismissCreated);
  if (!created) return null;
  return (
    <div
      className="new-token"
      role="status"
      aria-label={t('settings.newToken.label', { name: created.info.name })}
    >
      <div className="row">
        <TriangleAlert size={16} aria-hidden="true" className="warn-icon" />
        <strong>{t('settings.newToken.copyNow', { name: created.info.name })}</strong>
      </div>
      <p className="muted">{t('settings.newToken.once')}</p>
      <div className="token-value">
        <code data-testid="new-token-value">{created.token}</code>
        <CopyButton
          text={created.token}
          label={t('settings.newToken.copy')}
          className="btn btn-primary btn-sm"
        />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-sm" onClick={dismiss}>
          {t('settings.newToken.hide')}
        </button>
      </div>
    </div>
  );
}
