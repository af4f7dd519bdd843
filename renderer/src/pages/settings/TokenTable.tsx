import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import type { TokenInfo } from '../../../../shared/contract.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { formatDateTime, formatRelative } from '../../format/time.ts';
import { useLimitsStore } from '../../stores/limits-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { LimitsDialog } from './LimitsDialog.tsx';
import { limitsSummary } from './limits-form.ts';

/** The local tokens: prefix, dates, limits (edited in a dialog), and Revoke (after a confirmation). */
export function TokenTable() {
  const tokens = useTokensStore((s) => s.tokens);
  const status = useTokensStore((s) => s.status);
  const error = useTokensStore((s) => s.error);
  const load = useTokensStore((s) => s.load);
  const revoke = useTokensStore((s) => s.revoke);
  const limits = useLimitsStore((s) => s.limits);
  const limitsErrors = useLimitsStore((s) => s.limitsErrors);
  const [revoking, setRevoking] = useState<TokenInfo | null>(null);
  const [limiting, setLimiting] = useState<TokenInfo | null>(null);

  if (status === 'loading' || status === 'idle') return <LoadingState label="Loading tokens…" />;
  if (status === 'error') {
    return (
      <ErrorState
        title="Tokens could not be loaded"
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  }
  if (tokens.length === 0) {
    return (
      <EmptyState icon={<KeySquare size={20} />} title="No tokens yet">
        Create one above for each tool that will call the gateway.
      </EmptyState>
    );
  }

  return (
    <>
      <div className="table-wrap tokens-table-wrap">
        <table className="table" aria-label="Local tokens">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Prefix</th>
              <th scope="col" className="token-created">
                Created
              </th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">Limits</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id} className={token.revokedAt ? 'revoked' : undefined}>
                <td className="nowrap" title={`Created ${formatDateTime(token.createdAt)}`}>
                  <strong>{token.name}</strong>
                </td>
                <td className="mono">{token.prefix}…</td>
                <td className="token-created" title={formatDateTime(token.createdAt)}>
                  {formatDateTime(token.createdAt)}
                </td>
                <td title={token.lastUsedAt ? formatDateTime(token.lastUsedAt) : undefined}>
                  {formatRelative(token.lastUsedAt)}
                </td>
                <td>
                  {token.revokedAt ? (
                    <span className="badge badge-neutral" title={formatDateTime(token.revokedAt)}>
                      Revoked
                    </span>
                  ) : (
                    <span className="badge badge-success">Active</span>
                  )}
                </td>
                <td className="token-limits">
                  {token.revokedAt ? (
                    <span className="subtle">—</span>
                  ) : limits[token.id] ? (
                    limitsSummary(limits[token.id]!)
                  ) : limitsErrors[token.id] ? (
                    <span className="subtle" title={limitsErrors[token.id]}>
                      Unknown
                    </span>
                  ) : (
                    <span className="subtle">…</span>
                  )}
                </td>
                <td className="num">
                  {token.revokedAt ? null : (
                    <span className="token-actions">
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-label={`Limits for token ${token.name}`}
                        onClick={() => setLimiting(token)}
                      >
                        Limits
                      </button>
                      <button
                        type="button"
                        className="btn btn-danger-ghost btn-sm"
                        aria-label={`Revoke token ${token.name}`}
                        onClick={() => setRevoking(token)}
                      >
                        Revoke
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LimitsDialog token={limiting} onClose={() => setLimiting(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        danger
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke(revoking.id);
          toast.success(`Token “${revoking.name}” revoked`);
        }}
      >
        Tools using this token get 401 from the gateway from now on. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
