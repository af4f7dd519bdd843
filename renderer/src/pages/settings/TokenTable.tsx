import { KeySquare } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenInfo } from '../../../../shared/contract.ts';
import type { WireFormat } from '../../../../shared/wire-formats.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { formatDateTime, formatRelative } from '../../format/time.ts';
import {
  limitsButtonLabel,
  prefixText,
  revokeButtonLabel,
  tokenActions,
  tokenStatus,
  type TokenStatusView,
} from '../../format/token-client.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useLimitsStore } from '../../stores/limits-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { LimitsDialog } from './LimitsDialog.tsx';
import { limitsSummary } from './limits-form.ts';

const NONE: readonly WireFormat[] = [];

/**
 * The local tokens: prefix, dates, limits (edited in a dialog), and Revoke (after a
 * confirmation). A row standing for requests without a token has limits but nothing to revoke.
 */
export function TokenTable() {
  const { t } = useTranslation();
  const tokens = useTokensStore((s) => s.tokens);
  const status = useTokensStore((s) => s.status);
  const error = useTokensStore((s) => s.error);
  const load = useTokensStore((s) => s.load);
  const revoke = useTokensStore((s) => s.revoke);
  const limits = useLimitsStore((s) => s.limits);
  const limitsErrors = useLimitsStore((s) => s.limitsErrors);
  const [revoking, setRevoking] = useState<TokenInfo | null>(null);
  const [limiting, setLimiting] = useState<TokenInfo | null>(null);
  const clientsWithoutToken = useAppStore((s) => s.settings?.clientsWithoutToken) ?? NONE;

  if (status === 'loading' || status === 'idle')
    return <LoadingState label={t('settings.tokens.loading')} />;
  if (status === 'error') {
    return (
      <ErrorState
        title={t('settings.tokens.loadFailed')}
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  }
  if (tokens.length === 0) {
    return (
      <EmptyState icon={<KeySquare size={20} />} title={t('settings.tokens.emptyTitle')}>
        {t('settings.tokens.emptyBody')}
      </EmptyState>
    );
  }

  return (
    <>
      <div className="table-wrap tokens-table-wrap">
        <table className="table" aria-label={t('settings.tokens.title')}>
          <thead>
            <tr>
              <th scope="col">{t('settings.tokens.columns.name')}</th>
              <th scope="col">{t('settings.tokens.columns.prefix')}</th>
              <th scope="col" className="token-created">
                {t('settings.tokens.columns.created')}
              </th>
              <th scope="col">{t('settings.tokens.columns.lastUsed')}</th>
              <th scope="col">{t('settings.tokens.columns.status')}</th>
              <th scope="col">{t('settings.tokens.columns.limits')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settings.tokens.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                status={tokenStatus(token, clientsWithoutToken)}
                limits={
                  token.revokedAt ? (
                    <span className="subtle">—</span>
                  ) : limits[token.id] ? (
                    limitsSummary(limits[token.id]!)
                  ) : limitsErrors[token.id] ? (
                    <span className="subtle" title={limitsErrors[token.id]}>
                      {t('settings.tokens.limitsUnknown')}
                    </span>
                  ) : (
                    <span className="subtle">…</span>
                  )
                }
                onLimits={() => setLimiting(token)}
                onRevoke={() => setRevoking(token)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <LimitsDialog token={limiting} onClose={() => setLimiting(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.tokens.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.tokens.revokeConfirm')}
        danger
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke(revoking.id);
          toast.success(t('settings.tokens.revoked', { name: revoking.name }));
        }}
      >
        {t('settings.tokens.revokeBody')}
      </ConfirmDialog>
    </>
  );
}

interface TokenRowProps {
  token: TokenInfo;
  status: TokenStatusView;
  /** The limits column: their summary, or why it is not known (yet). */
  limits: ReactNode;
  onLimits: () => void;
  onRevoke: () => void;
}

/** One row of the list; the actions are those `tokenActions` allows. */
export function TokenRow({ token, status, limits, onLimits, onRevoke }: TokenRowProps) {
  const { t } = useTranslation();
  const actions = tokenActions(token);
  return (
    <tr className={token.revokedAt ? 'revoked' : undefined}>
      <td
        className="nowrap"
        title={t('settings.tokens.createdAt', { time: formatDateTime(token.createdAt) })}
      >
        <strong>{token.name}</strong>
      </td>
      <td className={token.withoutToken ? 'subtle token-no-prefix' : 'mono'}>
        {prefixText(token)}
      </td>
      <td className="token-created" title={formatDateTime(token.createdAt)}>
        {formatDateTime(token.createdAt)}
      </td>
      <td title={token.lastUsedAt ? formatDateTime(token.lastUsedAt) : undefined}>
        {formatRelative(token.lastUsedAt)}
      </td>
      <td>
        <span
          className={`badge badge-${status.badge}`}
          title={token.revokedAt ? formatDateTime(token.revokedAt) : status.title}
        >
          {status.label}
        </span>
      </td>
      <td className="token-limits">{limits}</td>
      <td className="num">
        {actions.limits || actions.revoke ? (
          <span className="token-actions">
            {actions.limits ? (
              <button
                type="button"
                className="btn btn-sm"
                aria-label={limitsButtonLabel(token)}
                onClick={onLimits}
              >
                {t('settings.tokens.limits')}
              </button>
            ) : null}
            {actions.revoke ? (
              <button
                type="button"
                className="btn btn-danger-ghost btn-sm"
                aria-label={revokeButtonLabel(token)}
                onClick={onRevoke}
              >
                {t('settings.tokens.revoke')}
              </button>
            ) : null}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
