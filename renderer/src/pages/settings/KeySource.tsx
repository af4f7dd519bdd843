import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KeySource as Source } from '../../../../shared/contract.ts';
import { i18n } from '../../i18n/i18n.ts';

const TEXT: Record<Source, { label: () => string; detail: () => string; badge: string }> = {
  keychain: {
    label: () => i18n.t('settings.keySource.keychain.label'),
    detail: () => i18n.t('settings.keySource.keychain.detail'),
    badge: 'badge-success',
  },
  environment: {
    label: () => i18n.t('settings.keySource.environment.label'),
    detail: () =>
      i18n.t('settings.keySource.environment.detail', { variable: 'MODEL_GATEWAY_UPSTREAM_KEY' }),
    badge: 'badge-native',
  },
  none: {
    label: () => i18n.t('settings.keySource.none.label'),
    detail: () => i18n.t('settings.keySource.none.detail'),
    badge: 'badge-warning',
  },
};

/** Where the upstream key comes from. Never the key itself: the renderer cannot read it. */
export function KeySource({ source }: { source: Source }) {
  // Re-rendered when the language changes.
  useTranslation();
  const text = TEXT[source];
  return (
    <div className="key-source" data-testid="key-source">
      <KeyRound size={16} aria-hidden="true" />
      <div>
        <span className={`badge ${text.badge}`}>{text.label()}</span>
        <p className="field-hint">{text.detail()}</p>
      </div>
    </div>
  );
}
