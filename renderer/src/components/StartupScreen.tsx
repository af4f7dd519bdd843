import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';

/** Before the app's status arrived: loading, or why it could not be read. */
export function StartupScreen({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <main className="screen">
      <div className="card screen-card">
        {error ? (
          <ErrorState title="Cannot reach the app" message={error} onRetry={onRetry} />
        ) : (
          <LoadingState label="Connecting to the app…" />
        )}
      </div>
    </main>
  );
}
