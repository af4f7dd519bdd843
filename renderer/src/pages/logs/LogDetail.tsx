import type { LogEntry, Tariff } from '../../../../shared/contract.ts';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatCost } from '../../format/cost.ts';
import { formatDuration } from '../../format/duration.ts';
import { FORMAT_NAME } from '../../../../shared/wire-formats.ts';
import { formatTokens } from '../../format/tokens.ts';
import { hashFor } from '../../lib/routes.ts';
import { gatewayBaseUrl } from '../../lib/snippets.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { prettyBody } from './body-text.ts';
import { logCurl, TOKEN_PLACEHOLDER } from './log-curl.ts';
import { OpenInChatButton } from './OpenInChatButton.tsx';
import { PathText, StatusBadge } from './log-cells.tsx';
import { ModelAttempts } from '../../components/ModelAttempts.tsx';
import { attemptsOf } from '../../format/attempts.ts';

function tariffText(tariff: Tariff | null): string {
  if (!tariff) return 'none known';
  if (tariff.kind === 'per-call')
    return `per call: price ${tariff.modelPrice} × group ${tariff.groupRatio}`;
  return `tokens: model ${tariff.modelRatio} × group ${tariff.groupRatio}, completion ${tariff.completionRatio}, cache ${tariff.cacheRatio}`;
}

/** The request as a curl command, the local token left as a shell variable. */
function CurlSection({ entry }: { entry: LogEntry }) {
  const url = useAppStore((s) => s.status?.gateway.url ?? null);
  const port = useAppStore((s) => s.settings?.port ?? s.status?.gateway.port ?? 8787);
  const { command, notes } = logCurl(entry, gatewayBaseUrl(url, port));
  return (
    <section aria-labelledby="log-curl">
      <h3 id="log-curl">As curl</h3>
      <div className="stack-sm">
        <CodeBlock code={command} label="as curl" />
        <ul className="log-curl-notes">
          <li>
            Set <code>{TOKEN_PLACEHOLDER.slice(1)}</code> to a local token first.
          </li>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The model route the request asked for, and each model it tried with why it moved on. */
function ModelRouteSection({ entry }: { entry: LogEntry }) {
  const attempts = attemptsOf(entry);
  if (!entry.modelRoute && attempts.length === 0) return null;
  const movedOn = attempts.filter((a) => a.outcome !== 'answered').length;
  return (
    <section aria-labelledby="log-model-route">
      <h3 id="log-model-route">Model route</h3>
      <div className="stack-sm">
        <dl className="kv">
          <dt>Route</dt>
          <dd>
            {entry.modelRoute ? (
              <a className="mono" href={hashFor('routes')}>
                {entry.modelRoute}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>Answered by</dt>
          <dd className="mono">{entry.servedModel ?? 'no model'}</dd>
          <dt>Fell back</dt>
          <dd>
            {attempts.length > 1
              ? `yes: ${attempts.length} models tried`
              : attempts.length === 0
                ? 'no model was tried'
                : movedOn > 0
                  ? 'no: its first model failed, and no other could help'
                  : 'no: its first model answered'}
          </dd>
        </dl>
        {attempts.length > 0 ? (
          <ModelAttempts attempts={attempts} label="Models tried, in order" />
        ) : null}
      </div>
    </section>
  );
}

/** Every field of one request, with redacted headers and bodies when they were captured. */
export function LogDetail({ entry }: { entry: LogEntry }) {
  return (
    <div className="stack log-detail">
      <OpenInChatButton entry={entry} />
      <section aria-labelledby="log-summary">
        <h3 id="log-summary">Request</h3>
        <dl className="kv">
          <dt>Request id</dt>
          <dd className="row">
            <span className="mono">{entry.requestId}</span>
            <CopyButton
              text={entry.requestId}
              label="Copy request id"
              className="btn btn-ghost btn-sm"
              iconOnly
            />
          </dd>
          <dt>Started</dt>
          <dd>{new Date(entry.startedAt).toLocaleString()}</dd>
          <dt>Client</dt>
          <dd>{entry.client ?? '—'}</dd>
          <dt>Endpoint</dt>
          <dd className="mono">
            {entry.method} {entry.path}
          </dd>
          <dt>Model asked for</dt>
          <dd className="mono">{entry.model ?? '—'}</dd>
          {entry.servedModel && entry.servedModel !== entry.model ? (
            <>
              <dt>Answered by</dt>
              <dd className="mono">{entry.servedModel}</dd>
            </>
          ) : null}
          <dt>Stream</dt>
          <dd>{entry.stream ? 'yes' : 'no'}</dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge entry={entry} />
          </dd>
          <dt>Latency</dt>
          <dd>{formatDuration(entry.latencyMs)}</dd>
          <dt>Time to first byte</dt>
          <dd>{formatDuration(entry.ttfbMs)}</dd>
          <dt>Upstream attempts</dt>
          <dd>{entry.attempts}</dd>
          <dt>Cancelled</dt>
          <dd>{entry.cancelled ? 'yes, the client disconnected' : 'no'}</dd>
        </dl>
      </section>

      <ModelRouteSection entry={entry} />

      <section aria-labelledby="log-path">
        <h3 id="log-path">Path</h3>
        <dl className="kv">
          <dt>Path</dt>
          <dd>
            <PathText entry={entry} />
          </dd>
          <dt>Client format</dt>
          <dd>{entry.clientFormat ? FORMAT_NAME[entry.clientFormat] : '—'}</dd>
          <dt>Upstream format</dt>
          <dd>{entry.upstreamFormat ? FORMAT_NAME[entry.upstreamFormat] : '—'}</dd>
          <dt>Translation rules</dt>
          <dd>
            {entry.rules.length === 0 ? (
              'none'
            ) : (
              <ul className="rule-list">
                {entry.rules.map((rule) => (
                  <li key={rule} className="mono">
                    {rule}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Dropped fields</dt>
          <dd>
            {entry.dropped.length === 0 ? (
              'none'
            ) : (
              <ul
                className="rule-list"
                aria-label="Fields dropped because they do not change the answer"
              >
                {entry.dropped.map((field) => (
                  <li key={field} className="mono">
                    {field}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="log-usage">
        <h3 id="log-usage">Usage</h3>
        {entry.usage ? (
          <dl className="kv">
            <dt>Input tokens</dt>
            <dd>{formatTokens(entry.usage.inputTokens)}</dd>
            <dt>Output tokens</dt>
            <dd>{formatTokens(entry.usage.outputTokens)}</dd>
            <dt>Total</dt>
            <dd>{formatTokens(entry.usage.totalTokens)}</dd>
            <dt>Cached input</dt>
            <dd>{formatTokens(entry.usage.cachedInputTokens)}</dd>
            <dt>Written to cache</dt>
            <dd>{formatTokens(entry.usage.cacheWriteTokens)}</dd>
            <dt>Reasoning</dt>
            <dd>{formatTokens(entry.usage.reasoningTokens)}</dd>
            <dt>Estimated usage</dt>
            <dd>
              {entry.usageEstimated
                ? 'yes — the stream ended before the upstream reported usage (≈ 4 characters a token)'
                : 'no — reported by the upstream'}
            </dd>
            <dt>Cost</dt>
            <dd>{formatCost(entry.costUsd)} (estimate)</dd>
            <dt>Tariff</dt>
            <dd>{tariffText(entry.tariff)}</dd>
          </dl>
        ) : (
          <p className="muted">No usage recorded.</p>
        )}
      </section>

      {entry.errorKind || entry.errorMessage ? (
        <section aria-labelledby="log-error">
          <h3 id="log-error">Error</h3>
          <div className="alert alert-error">
            <div>
              {entry.errorKind ? <p className="alert-title mono">{entry.errorKind}</p> : null}
              {entry.errorMessage ? <p>{entry.errorMessage}</p> : null}
            </div>
          </div>
        </section>
      ) : null}

      <CurlSection entry={entry} />

      <section aria-labelledby="log-capture">
        <h3 id="log-capture">Headers and bodies</h3>
        {entry.capture ? (
          <div className="stack-sm">
            <table className="table header-table" aria-label="Request headers (redacted)">
              <tbody>
                {Object.entries(entry.capture.requestHeaders).map(([name, value]) => (
                  <tr key={name}>
                    <th scope="row" className="mono">
                      {name}
                    </th>
                    <td className="mono">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h4>Request body</h4>
            {entry.capture.requestBody !== null ? (
              <CodeBlock code={prettyBody(entry.capture.requestBody)} label="request body" />
            ) : (
              <p className="muted">None.</p>
            )}
            <h4>Response body</h4>
            {entry.capture.responseBody !== null ? (
              <CodeBlock code={prettyBody(entry.capture.responseBody)} label="response body" />
            ) : (
              <p className="muted">None.</p>
            )}
          </div>
        ) : (
          <p className="muted">
            Not captured. Turn on “Capture request and response bodies” in{' '}
            <a href={hashFor('settings')}>Settings</a> to record them for new requests.
          </p>
        )}
      </section>
    </div>
  );
}
