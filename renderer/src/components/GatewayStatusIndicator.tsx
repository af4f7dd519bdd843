import { hashFor } from '../lib/routes.ts';
import { useAppStore } from '../stores/app-store.ts';
import { CopyButton } from './CopyButton.tsx';

/** Whether the local gateway is serving, where, and if not, why (in the app's words). */
export function GatewayStatusIndicator() {
  const gateway = useAppStore((s) => s.status?.gateway);
  if (!gateway) return null;

  if (gateway.running && gateway.url) {
    return (
      <div className="gateway-status" role="status" aria-label="Gateway status">
        <span className="status-dot ok" aria-hidden="true" />
        <span className="state-label">Gateway running</span>
        <span className="url" data-testid="gateway-url">
          {gateway.url}
        </span>
        <CopyButton
          text={gateway.url}
          label="Copy gateway URL"
          className="btn btn-ghost btn-sm"
          iconOnly
        />
      </div>
    );
  }

  const fixable =
    gateway.errorCode === 'no_key' ||
    gateway.errorCode === 'no_upstream' ||
    gateway.errorCode === 'port_in_use' ||
    gateway.errorCode === 'keychain_unavailable';
  return (
    <div className="gateway-status" role="status" aria-label="Gateway status">
      <span className="status-dot bad" aria-hidden="true" />
      <span className="state-label">Gateway not running</span>
      <span className="reason" title={gateway.error ?? undefined}>
        {gateway.error ?? 'Stopped.'}
      </span>
      {fixable ? (
        <a className="btn btn-sm" href={hashFor('settings')}>
          Open settings
        </a>
      ) : null}
    </div>
  );
}
