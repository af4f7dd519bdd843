import type { TFunction } from 'i18next';
import { FileDiff, Plug, Unplug } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ModelInfo, ModelRouteInfo, ToolInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { TokenBudgets } from '../../components/TokenBudgets.tsx';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDateTime } from '../../format/time.ts';
import { hashFor } from '../../lib/routes.ts';
import { budgetsOf, useLimitsStore } from '../../stores/limits-store.ts';
import { useToolsStore } from '../../stores/tools-store.ts';
import { SlotPicker } from './SlotPicker.tsx';
import {
  connectedText,
  disconnectedText,
  installText,
  mappingProblem,
  statusView,
  todayText,
  toolErrorView,
} from './tool-view.ts';

interface ToolCardProps {
  tool: ToolInfo;
  models: ModelInfo[];
  routes: ModelRouteInfo[];
}

/**
 * One tool: whether it is here and connected, its token's budgets, its model mapping, and
 * connect / disconnect.
 */
export function ToolCard({ tool, models, routes }: ToolCardProps) {
  const { t } = useTranslation();
  const mapping = useToolsStore((s) => s.mappings[tool.id]) ?? {};
  const busy = useToolsStore((s) => s.busy[tool.id]);
  const plan = useToolsStore((s) => s.plans[tool.id]);
  const outcome = useToolsStore((s) => s.outcomes[tool.id]);
  const allBudgets = useLimitsStore((s) => s.budgets);
  const budgets = tool.tokenName ? budgetsOf(allBudgets, { name: tool.tokenName }) : [];
  const { setSlot, plan: showPlan, connect, disconnect, hidePlan } = useToolsStore.getState();

  const view = statusView(tool);
  const headingId = `tool-${tool.id}-heading`;
  const problem = mappingProblem(tool, mapping);
  const connected = tool.status === 'connected' || tool.status === 'changed';
  const canConnect = tool.status !== 'changed';
  const isShell = tool.id === 'shell';
  const name = displayName(tool, t);
  const connectButton = useRef<HTMLButtonElement>(null);

  // Disconnect removes its own button: focus goes to Connect rather than back to the page top.
  useEffect(() => {
    if (outcome?.kind === 'disconnected' && !connected && document.activeElement === document.body)
      connectButton.current?.focus();
  }, [outcome, connected]);

  let announcement = '';
  if (busy)
    announcement =
      busy === 'plan'
        ? t('tools.card.busy.plan', { tool: name })
        : busy === 'connect'
          ? t('tools.card.busy.connect', { tool: name })
          : t('tools.card.busy.disconnect', { tool: name });
  else if (outcome?.kind === 'connected') announcement = connectedText(name, outcome.result);
  else if (outcome?.kind === 'disconnected')
    announcement = disconnectedText(name, outcome.tokenName, outcome.result);
  else if (plan) announcement = t('tools.card.planShown', { tool: name });

  return (
    <section className="card tool-card" aria-labelledby={headingId} data-tool={tool.id}>
      <div className="card-header">
        <div className="stack-sm">
          <h2 id={headingId}>{name}</h2>
          <div className="row tool-badges">
            <span className={tool.installed ? 'badge badge-native' : 'badge badge-neutral'}>
              {installText(tool)}
            </span>
            <span className={`badge badge-${view.badge}`}>{view.label}</span>
            <span className="subtle">{todayText(tool.today)}</span>
          </div>
        </div>
      </div>
      <div className="card-body stack">
        <div className="stack-sm">
          <p className="muted">
            {view.detail}
            {tool.connectedAt && connected
              ? ` ${t('tools.card.connectedAt', { time: formatDateTime(tool.connectedAt) })}`
              : null}
          </p>
          {view.action ? (
            <Alert kind="warning" live={false}>
              {view.action}
            </Alert>
          ) : null}
          {tool.files.length > 0 ? (
            <p className="subtle">
              <Trans
                i18nKey="tools.card.edits"
                values={{ files: tool.files.join(', ') }}
                components={{ files: <span className="mono" /> }}
              />
            </p>
          ) : null}
        </div>

        {budgets.length > 0 ? (
          <TokenBudgets
            budgets={budgets}
            label={t('tools.card.budgets', { token: tool.tokenName ?? '' })}
          />
        ) : null}

        {tool.slots.length > 0 ? (
          <fieldset className="tool-slots" disabled={busy !== undefined}>
            <legend className="visually-hidden">{t('tools.card.models', { tool: name })}</legend>
            {tool.slots.map((slot) => (
              <SlotPicker
                key={slot.key}
                toolName={name}
                format={tool.format}
                slot={slot}
                value={mapping[slot.key] ?? ''}
                models={models}
                routes={routes}
                disabled={busy !== undefined}
                onChange={(model) => setSlot(tool.id, slot.key, model)}
              />
            ))}
          </fieldset>
        ) : null}

        <div className="form-actions tool-actions">
          {canConnect ? (
            <>
              <button
                type="button"
                className="btn"
                disabled={busy !== undefined || problem !== null}
                aria-busy={busy === 'plan'}
                onClick={() => void showPlan(tool.id)}
              >
                {busy === 'plan' ? (
                  <Spinner size={14} />
                ) : (
                  <FileDiff size={14} aria-hidden="true" />
                )}
                {t('tools.card.showChange')}
              </button>
              <button
                ref={connectButton}
                type="button"
                className="btn btn-primary"
                disabled={busy !== undefined || problem !== null}
                aria-busy={busy === 'connect'}
                onClick={() => void connect(tool.id)}
              >
                {busy === 'connect' ? <Spinner size={14} /> : <Plug size={14} aria-hidden="true" />}
                {connected ? t('tools.card.connectAgain') : t('tools.card.connect')}
              </button>
            </>
          ) : null}
          {connected ? (
            <button
              type="button"
              className={canConnect ? 'btn btn-danger-ghost' : 'btn btn-primary'}
              disabled={busy !== undefined}
              aria-busy={busy === 'disconnect'}
              onClick={() => void disconnect(tool.id)}
            >
              {busy === 'disconnect' ? (
                <Spinner size={14} />
              ) : (
                <Unplug size={14} aria-hidden="true" />
              )}
              {t('tools.card.disconnect')}
            </button>
          ) : null}
          {problem ? <span className="field-hint">{problem}</span> : null}
          {connected && canConnect ? (
            <span className="field-hint">{t('tools.card.connectAgainHint')}</span>
          ) : null}
        </div>

        {/* Announces what the card is doing and what came of it (errors are alerts of their own). */}
        <div className="visually-hidden" aria-live="polite">
          {announcement}
        </div>

        {plan ? (
          <div className="stack-sm tool-plan">
            <div className="row-between">
              <h3>{isShell ? t('tools.card.planShellTitle') : t('tools.card.planTitle')}</h3>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => hidePlan(tool.id)}
              >
                {t('tools.card.hideChange')}
              </button>
            </div>
            {plan.changes.length === 0 && !plan.snippet ? (
              <p className="muted">{t('tools.card.noChange')}</p>
            ) : null}
            {plan.changes.map((change) => (
              <CodeBlock
                key={change.path}
                code={change.diff}
                label={t('tools.card.changeTo', { path: change.path })}
              />
            ))}
            {plan.snippet ? (
              <CodeBlock code={plan.snippet} label={t('tools.card.linesToPaste', { tool: name })} />
            ) : null}
            <p className="subtle">
              {isShell ? t('tools.card.planShellNote') : t('tools.card.planNote')}
            </p>
          </div>
        ) : null}

        <ToolOutcome tool={tool} />
      </div>
    </section>
  );
}

function ToolOutcome({ tool }: { tool: ToolInfo }) {
  const { t } = useTranslation();
  const name = displayName(tool, t);
  const outcome = useToolsStore((s) => s.outcomes[tool.id]);
  const { dismiss, plan, connect, disconnect } = useToolsStore.getState();
  if (!outcome) return null;
  if (outcome.kind === 'error') {
    const view = toolErrorView(outcome.action, outcome.code, outcome.message);
    const retry = { plan, connect, disconnect }[outcome.action];
    return (
      <Alert kind="error" title={view.title}>
        <p>{view.message}</p>
        {view.action ? <p>{view.action}</p> : null}
        <div className="form-actions">
          <button type="button" className="btn btn-sm" onClick={() => void retry(tool.id)}>
            {t('tools.card.tryAgain')}
          </button>
          {view.settingsLink ? (
            <a className="btn btn-sm" href={hashFor('settings')}>
              {t('tools.card.openSettings')}
            </a>
          ) : null}
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => dismiss(tool.id)}>
            {t('tools.card.dismiss')}
          </button>
        </div>
      </Alert>
    );
  }
  if (outcome.kind === 'disconnected')
    return (
      <Alert kind="success" title={t('tools.card.disconnected')} live={false}>
        <p>{disconnectedText(name, outcome.tokenName, outcome.result)}</p>
      </Alert>
    );
  const { result } = outcome;
  return (
    <div className="stack-sm">
      <Alert kind="success" title={t('tools.card.connected')} live={false}>
        <p>{connectedText(name, result)}</p>
      </Alert>
      {result.snippet ? (
        <>
          <Alert kind="warning" live={false}>
            {t('tools.card.snippetWarning')}
          </Alert>
          <CodeBlock code={result.snippet} label={t('tools.card.linesWithToken', { tool: name })} />
        </>
      ) : null}
      {result.changes.length > 0 ? (
        <details className="tool-written">
          <summary>{t('tools.card.written')}</summary>
          <div className="stack-sm">
            {result.changes.map((change) => (
              <CodeBlock
                key={change.path}
                code={change.diff}
                label={t('tools.card.writtenTo', { path: change.path })}
              />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** The app names the shell entry in English; every other tool's name is its product name. */
function displayName(tool: ToolInfo, t: TFunction): string {
  return tool.id === 'shell' ? t('tools.names.shell') : tool.name;
}
