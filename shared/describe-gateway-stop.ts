import type { TFunction } from 'i18next';
import type { GatewayStatus } from './contract.ts';

/**
 * Why the gateway is not running, in the user's language: worded from the status's code, since
 * its `error` is the service's English. Where the code alone does not say enough (a keychain
 * that cannot be used, a start that failed), the service's own words follow as the detail, as
 * the system's error messages do.
 */
export function describeGatewayStop(
  status: Pick<GatewayStatus, 'errorCode' | 'error' | 'port'>,
  t: TFunction,
): string | null {
  switch (status.errorCode) {
    case 'port_in_use':
      return t('gatewayStatus.reason.portInUse', { port: status.port });
    case 'no_upstream':
      return t('gatewayStatus.reason.noUpstream');
    case 'no_key':
      return t('gatewayStatus.reason.noKey');
    case 'keychain_unavailable':
      return t('gatewayStatus.reason.keychainUnavailable', { detail: status.error ?? '' });
    case 'failed':
      return t('gatewayStatus.reason.failed', { detail: status.error ?? '' });
    case null:
      return status.error;
  }
}
