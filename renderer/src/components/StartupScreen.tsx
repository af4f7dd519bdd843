import { useTranslation } from 'react-i18next';
import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';

/** Before the app's status arrived: loading, or why it could not be read. */
export function StartupScreen({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <div className="card screen-card">
        {error ? (
          <ErrorState title={t('startup.cannotReach')} message={error} onRetry={onRetry} />
        ) : (
          <LoadingState label={t('startup.connecting')} />
        )}
      </div>
    </main>
  );
}
