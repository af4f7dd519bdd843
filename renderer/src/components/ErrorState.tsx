import { useTranslation } from 'react-i18next';
import { CircleAlert, RefreshCw } from 'lucide-react';

interface ErrorStateProps {
  title: string;
  message: string;
  onRetry?: () => void;
}

/** A failed load, with the app's own message and a way to try again. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <div className="state-icon" aria-hidden="true">
        <CircleAlert size={20} />
      </div>
      <p className="state-title">{title}</p>
      <p>{message}</p>
      {onRetry ? (
        <div className="form-actions">
          <button type="button" className="btn" onClick={onRetry}>
            <RefreshCw size={14} aria-hidden="true" />
            {t('common.tryAgain')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
