import { FileDiff, Plug, Unplug } from 'lucide-react';
import { useEffect, useRef } from 'react';
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

const BUSY_TEXT = {
  plan: 'Preparing the change…',
  connect: 'Connecting…',
  disconnect: 'Disconnecting…',
} as const;

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
  const connectButton = useRef<HTMLButtonElement>(null);

  // Disconnect removes its own button: focus goes to Connect rather than back to the page top.
  useEffect(() => {
    if (outcome?.kind === 'disconnected' && !connected && document.activeElement === document.body)
      connectButton.current?.focus();
  }, [outcome, connected]);

  let announcement = '';
  if (busy) announcement = `${tool.name}: ${BUSY_TEXT[busy]}`;
  else if (outcome?.kind === 'connected') announcement = connectedText(tool.name, outcome.result);
  else if (outcome?.kind === 'disconnected')
    announcement = disconnectedText(tool.name, outcome.tokenName, outcome.result);
  else if (plan) announcement = `${tool.name}: the change is shown below, not written yet.`;

  return (
    <section className="card tool-card" aria-labelledby={headingId} data-tool={tool.id}>
      <div className="card-header">
        <div className="stack-sm">
          <h2 id={headingId}>{tool.name}</h2>
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
              ? ` Connected ${formatDateTime(tool.connectedAt)}.`
              : null}
          </p>
          {view.action ? (
            <Alert kind="warning" live={false}>
              {view.action}
            </Alert>
          ) : null}
          {tool.files.length > 0 ? (
            <p className="subtle">
              Edits <span className="mono">{tool.files.join(', ')}</span>
            </p>
          ) : null}
        </div>

        {budgets.length > 0 ? (
          <TokenBudgets budgets={budgets} label={`Budgets of the token ${tool.tokenName ?? ''}`} />
        ) : null}

        {tool.slots.length > 0 ? (
          <fieldset className="tool-slots" disabled={busy !== undefined}>
            <legend className="visually-hidden">{tool.name}: models</legend>
            {tool.slots.map((slot) => (
              <SlotPicker
                key={slot.key}
                toolName={tool.name}
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
                Show the change
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
                {connected ? 'Connect again' : 'Connect'}
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
              Disconnect
            </button>
          ) : null}
          {problem ? <span className="field-hint">{problem}</span> : null}
          {connected && canConnect ? (
            <span className="field-hint">
              Connect again applies the models above with a new token (the old one is revoked).
            </span>
          ) : null}
        </div>

        {/* Announces what the card is doing and what came of it (errors are alerts of their own). */}
        <div className="visually-hidden" aria-live="polite">
          {announcement}
        </div>

        {plan ? (
          <div className="stack-sm tool-plan">
            <div className="row-between">
              <h3>{isShell ? 'What to paste' : 'The change, not written yet'}</h3>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => hidePlan(tool.id)}
              >
                Hide the change
              </button>
            </div>
            {plan.changes.length === 0 && !plan.snippet ? (
              <p className="muted">Nothing would change: the files already say this.</p>
            ) : null}
            {plan.changes.map((change) => (
              <CodeBlock key={change.path} code={change.diff} label={`Change to ${change.path}`} />
            ))}
            {plan.snippet ? (
              <CodeBlock code={plan.snippet} label={`${tool.name} lines to paste`} />
            ) : null}
            <p className="subtle">
              {isShell
                ? 'Connect creates the token and shows these lines with it, once.'
                : 'The token is created when you connect; the rest of the file stays as it is, comments included. Disconnect puts it back.'}
            </p>
          </div>
        ) : null}

        <ToolOutcome tool={tool} />
      </div>
    </section>
  );
}

function ToolOutcome({ tool }: { tool: ToolInfo }) {
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
            Try again
          </button>
          {view.settingsLink ? (
            <a className="btn btn-sm" href={hashFor('settings')}>
              Open Settings
            </a>
          ) : null}
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => dismiss(tool.id)}>
            Dismiss
          </button>
        </div>
      </Alert>
    );
  }
  if (outcome.kind === 'disconnected')
    return (
      <Alert kind="success" title="Disconnected" live={false}>
        <p>{disconnectedText(tool.name, outcome.tokenName, outcome.result)}</p>
      </Alert>
    );
  const { result } = outcome;
  return (
    <div className="stack-sm">
      <Alert kind="success" title="Connected" live={false}>
        <p>{connectedText(tool.name, result)}</p>
      </Alert>
      {result.snippet ? (
        <>
          <Alert kind="warning" live={false}>
            These lines hold the token itself and are shown only now: copy them into your shell
            profile or the tool’s environment.
          </Alert>
          <CodeBlock code={result.snippet} label={`${tool.name} lines with the token`} />
        </>
      ) : null}
      {result.changes.length > 0 ? (
        <details className="tool-written">
          <summary>What was written</summary>
          <div className="stack-sm">
            {result.changes.map((change) => (
              <CodeBlock key={change.path} code={change.diff} label={`Written to ${change.path}`} />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
