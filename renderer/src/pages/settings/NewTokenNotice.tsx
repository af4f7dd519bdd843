import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** The token just created, shown this once with a Copy button and a warning. */
export function NewTokenNotice() {
  const created = useTokensStore((s) => s.created);
  const dismiss = useTokensStore((s) => s.dismissCreated);
  if (!created) return null;
  return (
    <div className="new-token" role="status" aria-label={`New token ${created.info.name}`}>
      <div className="row">
        <TriangleAlert size={16} aria-hidden="true" className="warn-icon" />
        <strong>Copy the token for “{created.info.name}” now.</strong>
      </div>
      <p className="muted">
        It will not be shown again: only its digest is stored. If you lose it, revoke it and create
        another.
      </p>
      <div className="token-value">
        <code data-testid="new-token-value">{created.token}</code>
        <CopyButton text={created.token} label="Copy token" className="btn btn-primary btn-sm" />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-sm" onClick={dismiss}>
          I copied it, hide the token
        </button>
      </div>
    </div>
  );
}
