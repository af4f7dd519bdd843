import { KeyRound } from 'lucide-react';

/**
 * Headless mode without a valid UI token: the page cannot talk to the app. The only fix is the
 * URL the app printed when it started, which carries a fresh token.
 */
export function TokenRequiredScreen({ refused }: { refused: boolean }) {
  return (
    <main className="screen">
      <div className="card screen-card token-screen">
        <span className="state-icon" aria-hidden="true">
          <KeyRound size={20} />
        </span>
        <h1>Open the link the app printed</h1>
        <p className="muted">
          {refused
            ? 'The app did not accept this page’s access token. It changes each time the app starts.'
            : 'This page was opened without its access token, so it cannot reach the app.'}
        </p>
        <p className="muted">
          When <code>model-gateway</code> starts it prints the address of this interface with a{' '}
          <code>?token=…</code> part. Open that exact address (the token is then kept for this tab
          only and removed from the address bar).
        </p>
      </div>
    </main>
  );
}
