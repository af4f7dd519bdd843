import { KeyRound } from 'lucide-react';
import type { KeySource as Source } from '../../../../shared/contract.ts';

const TEXT: Record<Source, { label: string; detail: string; badge: string }> = {
  keychain: {
    label: 'Stored in the OS keychain',
    detail: 'The key is kept by the system keychain and is never shown again.',
    badge: 'badge-success',
  },
  environment: {
    label: 'From the environment',
    detail: 'MODEL_GATEWAY_UPSTREAM_KEY is set, so it is used and the keychain is not touched.',
    badge: 'badge-native',
  },
  none: {
    label: 'No key yet',
    detail: 'Enter the upstream key below; it goes straight to the keychain.',
    badge: 'badge-warning',
  },
};

/** Where the upstream key comes from. Never the key itself: the renderer cannot read it. */
export function KeySource({ source }: { source: Source }) {
  const text = TEXT[source];
  return (
    <div className="key-source" data-testid="key-source">
      <KeyRound size={16} aria-hidden="true" />
      <div>
        <span className={`badge ${text.badge}`}>{text.label}</span>
        <p className="field-hint">{text.detail}</p>
      </div>
    </div>
  );
}
