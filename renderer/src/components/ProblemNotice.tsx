import {
  CircleAlert,
  KeyRound,
  ListFilter,
  RefreshCw,
  Settings,
  TriangleAlert,
} from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProblemAction, UpstreamProblem } from '../../../shared/describe-upstream-problem.ts';
import { i18n } from '../i18n/i18n.ts';
import { openSettingsAt } from '../lib/settings-target.ts';
import './problem-notice.css';

interface ProblemNoticeProps {
  problem: UpstreamProblem;
  /** Shown as the Retry button; without it, no Retry is offered. */
  onRetry?: (() => void) | undefined;
  /** Shown as "Pick another model"; without it, that action is left out. */
  onPickModel?: (() => void) | undefined;
  /** Retry is running or not possible right now. */
  busy?: boolean;
  /** Announce it as it appears (role=alert); otherwise it is a named group. */
  live?: boolean;
  className?: string;
  /** More under the sentence (a hint about images, say). */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

const SETTINGS_ACTIONS = {
  open_key_settings: {
    label: () => i18n.t('problem.openKeySettings'),
    target: 'key',
    Icon: KeyRound,
  },
  open_upstream_settings: {
    label: () => i18n.t('problem.openUpstreamSettings'),
    target: 'upstream',
    Icon: Settings,
  },
  open_gateway_settings: {
    label: () => i18n.t('problem.openGatewaySettings'),
    target: 'gateway',
    Icon: Settings,
  },
} as const;

/**
 * One problem as the user reads it: what happened (heading), what it means and what to do (a
 * sentence), the upstream's own words, and a button for each fix. Focusable (tabIndex -1) so a
 * page can move the focus to it when it appears in answer to what the user did.
 */
export function ProblemNotice({
  problem,
  onRetry,
  onPickModel,
  busy = false,
  live = false,
  className,
  children,
  ref,
}: ProblemNoticeProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const warning = problem.kind === 'rate_limited';
  const Icon = warning ? TriangleAlert : CircleAlert;

  const button = (action: ProblemAction): ReactNode => {
    if (action === 'retry') {
      if (!onRetry) return null;
      return (
        <button key={action} type="button" className="btn btn-sm" onClick={onRetry} disabled={busy}>
          <RefreshCw size={13} aria-hidden="true" />
          {t('problem.retry')}
        </button>
      );
    }
    if (action === 'pick_model') {
      if (!onPickModel) return null;
      return (
        <button key={action} type="button" className="btn btn-sm" onClick={onPickModel}>
          <ListFilter size={13} aria-hidden="true" />
          {t('problem.pickModel')}
        </button>
      );
    }
    const { label, target, Icon: ActionIcon } = SETTINGS_ACTIONS[action];
    return (
      <button
        key={action}
        type="button"
        className="btn btn-sm"
        onClick={() => openSettingsAt(target)}
      >
        <ActionIcon size={13} aria-hidden="true" />
        {label()}
      </button>
    );
  };
  const buttons = problem.actions.map(button).filter((b) => b !== null);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`alert ${warning ? 'alert-warning' : 'alert-error'} problem-notice${className ? ` ${className}` : ''}`}
      role={live ? 'alert' : 'group'}
      aria-labelledby={headingId}
    >
      <Icon size={16} aria-hidden="true" />
      <div>
        <p className="alert-title" id={headingId}>
          {problem.heading}
        </p>
        <p>{problem.sentence}</p>

        {problem.detail ? <p className="problem-detail">{problem.detail}</p> : null}
        {children}
        {buttons.length > 0 ? <div className="problem-actions">{buttons}</div> : null}
      </div>
    </div>
  );
}
