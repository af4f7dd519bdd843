import { KeyRound, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UpstreamHealthState } from '../../../shared/contract.ts';
import { describeHealth, healthLabel } from '../../../shared/describe-upstream-problem.ts';
import { openSettingsAt } from '../lib/settings-target.ts';
import { useUpstreamHealthStore } from '../stores/upstream-health-store.ts';
import './upstream-status.css';

/** The dot's colour (and the label's): none while not known yet. */
const TONE: Record<UpstreamHealthState, '' | 'ok' | 'warn' | 'bad'> = {
  checking: '',
  ok: 'ok',
  rate_limited: 'warn',
  unreachable: 'bad',
  key_rejected: 'bad',
  upstream_error: 'bad',
  not_configured: 'bad',
};

/**
 * Whether the upstream answers, as the app's background check last found it, beside the
 * gateway's own status: "Gateway running" says nothing about the upstream behind it. A failing
 * state carries the action that fixes it.
 */
export function UpstreamStatusIndicator() {
  const { t } = useTranslation();
  const health = useUpstreamHealthStore((s) => s.health);
  const rechecking = useUpstreamHealthStore((s) => s.rechecking);
  const recheck = useUpstreamHealthStore((s) => s.recheck);
  if (!health) return null;
  const problem = describeHealth(health, t);
  const tone = TONE[health.state];
  const fixKey = problem?.actions.includes('open_key_settings') === true;
  const canRetry = problem !== null && !fixKey;

  return (
    <div className={`upstream-status ${tone}`}>
      <span
        className="upstream-state"
        role="status"
        aria-label={t('upstream.status.label')}
        title={problem ? (problem.detail ?? problem.sentence) : (health.detail ?? undefined)}
      >
        <span className={`status-dot ${tone}`} aria-hidden="true" />
        <span className="state-label">{healthLabel(health, t)}</span>
        {/* The reason, for screen readers; sighted users have the tooltip and the page's notice. */}
        {problem?.detail ? <span className="visually-hidden">: {problem.detail}</span> : null}
      </span>
      {fixKey ? (
        <button type="button" className="btn btn-sm" onClick={() => openSettingsAt('key')}>
          <KeyRound size={13} aria-hidden="true" />
          {t('upstream.status.fixKey')}
        </button>
      ) : null}
      {canRetry ? (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void recheck()}
          disabled={rechecking}
          aria-busy={rechecking || undefined}
        >
          <RefreshCw size={13} aria-hidden="true" className={rechecking ? 'spin' : undefined} />
          {t('upstream.status.retry')}
        </button>
      ) : null}
    </div>
  );
}
