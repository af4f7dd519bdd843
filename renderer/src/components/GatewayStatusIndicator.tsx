import { useTranslation } from 'react-i18next';
import { hashFor } from '../lib/routes.ts';
import { useAppStore } from '../stores/app-store.ts';
import { CopyButton } from './CopyButton.tsx';
import { describeGatewayStop } from '../../../shared/describe-gateway-stop.ts';

/** Whether the local gateway is serving, where, and if not, why (in the app's words). */
export function GatewayStatusIndicator() {
  const { t } = useTranslation();
  const gateway = useAppStore((s) => s.status?.gateway);
  if (!gateway) return null;

  if (gateway.running && gateway.url) {
    return (
      <div className="gateway-status" role="status" aria-label={t('gatewayStatus.label')}>
        <span className="status-dot ok" aria-hidden="true" />
        <span className="state-label">{t('gatewayStatus.running')}</span>
        <span className="url" data-testid="gateway-url">
          {gateway.url}
        </span>
        <CopyButton
          text={gateway.url}
          label={t('gatewayStatus.copyUrl')}
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
    <div className="gateway-status" role="status" aria-label={t('gatewayStatus.label')}>
      <span className="status-dot bad" aria-hidden="true" />
      <span className="state-label">{t('gatewayStatus.notRunning')}</span>
      <span className="reason" title={gateway.error ?? undefined}>
        {describeGatewayStop(gateway, t) ?? t('gatewayStatus.stopped')}
      </span>
      {fixable ? (
        <a className="btn btn-sm" href={hashFor('settings')}>
          {t('gatewayStatus.openSettings')}
        </a>
      ) : null}
    </div>
  );
}
