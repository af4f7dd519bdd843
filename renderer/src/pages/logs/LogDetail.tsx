import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { LogEntry, Tariff } from '../../../../shared/contract.ts';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatCost } from '../../format/cost.ts';
import { formatDuration } from '../../format/duration.ts';
import { formatDateTimeFull } from '../../format/time.ts';
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

function tariffText(tariff: Tariff | null, t: TFunction): string {
  if (!tariff) return t('logs.detail.tariff.none');
  if (tariff.kind === 'per-call')
    return t('logs.detail.tariff.perCall', { price: tariff.modelPrice, group: tariff.groupRatio });
  return t('logs.detail.tariff.tokens', {
    model: tariff.modelRatio,
    group: tariff.groupRatio,
    completion: tariff.completionRatio,
    cache: tariff.cacheRatio,
  });
}

/** The request as a curl command, the local token left as a shell variable. */
function CurlSection({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const url = useAppStore((s) => s.status?.gateway.url ?? null);
  const port = useAppStore((s) => s.settings?.port ?? s.status?.gateway.port ?? 8787);
  const { command, notes } = logCurl(entry, gatewayBaseUrl(url, port));
  return (
    <section aria-labelledby="log-curl">
      <h3 id="log-curl">{t('logs.detail.curl.title')}</h3>
      <div className="stack-sm">
        <CodeBlock code={command} label={t('logs.detail.curl.label')} />
        <ul className="log-curl-notes">
          <li>
            <Trans
              i18nKey="logs.detail.curl.setToken"
              values={{ name: TOKEN_PLACEHOLDER.slice(1) }}
              components={{ code: <code /> }}
            />
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
  const { t } = useTranslation();
  const attempts = attemptsOf(entry);
  if (!entry.modelRoute && attempts.length === 0) return null;
  const movedOn = attempts.filter((a) => a.outcome !== 'answered').length;
  return (
    <section aria-labelledby="log-model-route">
      <h3 id="log-model-route">{t('logs.detail.modelRoute.title')}</h3>
      <div className="stack-sm">
        <dl className="kv">
          <dt>{t('logs.detail.modelRoute.route')}</dt>
          <dd>
            {entry.modelRoute ? (
              <a className="mono" href={hashFor('routes')}>
                {entry.modelRoute}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>{t('logs.detail.answeredBy')}</dt>
          <dd className="mono">{entry.servedModel ?? t('logs.detail.modelRoute.noModel')}</dd>
          <dt>{t('logs.detail.modelRoute.fellBack')}</dt>
          <dd>
            {attempts.length > 1
              ? t('logs.detail.modelRoute.triedMany', { count: attempts.length })
              : attempts.length === 0
                ? t('logs.detail.modelRoute.noneTried')
                : movedOn > 0
                  ? t('logs.detail.modelRoute.firstFailed')
                  : t('logs.detail.modelRoute.firstAnswered')}
          </dd>
        </dl>
        {attempts.length > 0 ? (
          <ModelAttempts attempts={attempts} label={t('logs.detail.modelRoute.attempts')} />
        ) : null}
      </div>
    </section>
  );
}

/** Every field of one request, with redacted headers and bodies when they were captured. */
export function LogDetail({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('logs.detail.yes') : t('logs.detail.no'));
  const none = t('logs.detail.none');
  return (
    <div className="stack log-detail">
      <OpenInChatButton entry={entry} />
      <section aria-labelledby="log-summary">
        <h3 id="log-summary">{t('logs.detail.request.title')}</h3>
        <dl className="kv">
          <dt>{t('logs.detail.request.id')}</dt>
          <dd className="row">
            <span className="mono">{entry.requestId}</span>
            <CopyButton
              text={entry.requestId}
              label={t('logs.detail.request.copyId')}
              className="btn btn-ghost btn-sm"
              iconOnly
            />
          </dd>
          <dt>{t('logs.detail.request.started')}</dt>
          <dd>{formatDateTimeFull(entry.startedAt)}</dd>
          <dt>{t('logs.detail.request.client')}</dt>
          <dd>{entry.client ?? '—'}</dd>
          <dt>{t('logs.detail.request.endpoint')}</dt>
          <dd className="mono">
            {entry.method} {entry.path}
          </dd>
          <dt>{t('logs.detail.request.modelAsked')}</dt>
          <dd className="mono">{entry.model ?? '—'}</dd>
          {entry.servedModel && entry.servedModel !== entry.model ? (
            <>
              <dt>{t('logs.detail.answeredBy')}</dt>
              <dd className="mono">{entry.servedModel}</dd>
            </>
          ) : null}
          <dt>{t('logs.detail.request.stream')}</dt>
          <dd>{yesNo(entry.stream)}</dd>
          <dt>{t('logs.detail.request.status')}</dt>
          <dd>
            <StatusBadge entry={entry} />
          </dd>
          <dt>{t('logs.detail.request.latency')}</dt>
          <dd>{formatDuration(entry.latencyMs)}</dd>
          <dt>{t('logs.detail.request.ttfb')}</dt>
          <dd>{formatDuration(entry.ttfbMs)}</dd>
          <dt>{t('logs.detail.request.upstreamAttempts')}</dt>
          <dd>{entry.attempts}</dd>
          <dt>{t('logs.detail.request.cancelled')}</dt>
          <dd>
            {entry.cancelled ? t('logs.detail.request.clientDisconnected') : t('logs.detail.no')}
          </dd>
        </dl>
      </section>

      <ModelRouteSection entry={entry} />

      <section aria-labelledby="log-path">
        <h3 id="log-path">{t('logs.detail.path.title')}</h3>
        <dl className="kv">
          <dt>{t('logs.detail.path.path')}</dt>
          <dd>
            <PathText entry={entry} />
          </dd>
          <dt>{t('logs.detail.path.clientFormat')}</dt>
          <dd>{entry.clientFormat ? FORMAT_NAME[entry.clientFormat] : '—'}</dd>
          <dt>{t('logs.detail.path.upstreamFormat')}</dt>
          <dd>{entry.upstreamFormat ? FORMAT_NAME[entry.upstreamFormat] : '—'}</dd>
          <dt>{t('logs.detail.path.rules')}</dt>
          <dd>
            {entry.rules.length === 0 ? (
              none
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
          <dt>{t('logs.detail.path.dropped')}</dt>
          <dd>
            {entry.dropped.length === 0 ? (
              none
            ) : (
              <ul className="rule-list" aria-label={t('logs.detail.path.droppedLabel')}>
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
        <h3 id="log-usage">{t('logs.detail.usage.title')}</h3>
        {entry.usage ? (
          <dl className="kv">
            <dt>{t('logs.detail.usage.input')}</dt>
            <dd>{formatTokens(entry.usage.inputTokens)}</dd>
            <dt>{t('logs.detail.usage.output')}</dt>
            <dd>{formatTokens(entry.usage.outputTokens)}</dd>
            <dt>{t('logs.detail.usage.total')}</dt>
            <dd>{formatTokens(entry.usage.totalTokens)}</dd>
            <dt>{t('logs.detail.usage.cached')}</dt>
            <dd>{formatTokens(entry.usage.cachedInputTokens)}</dd>
            <dt>{t('logs.detail.usage.cacheWrite')}</dt>
            <dd>{formatTokens(entry.usage.cacheWriteTokens)}</dd>
            <dt>{t('logs.detail.usage.reasoning')}</dt>
            <dd>{formatTokens(entry.usage.reasoningTokens)}</dd>
            <dt>{t('logs.detail.usage.estimated')}</dt>
            <dd>
              {entry.usageEstimated
                ? t('logs.detail.usage.estimatedYes')
                : t('logs.detail.usage.estimatedNo')}
            </dd>
            <dt>{t('logs.detail.usage.cost')}</dt>
            <dd>{t('logs.detail.usage.costEstimate', { cost: formatCost(entry.costUsd) })}</dd>
            <dt>{t('logs.detail.usage.tariff')}</dt>
            <dd>{tariffText(entry.tariff, t)}</dd>
          </dl>
        ) : (
          <p className="muted">{t('logs.detail.usage.none')}</p>
        )}
      </section>

      {entry.errorKind || entry.errorMessage ? (
        <section aria-labelledby="log-error">
          <h3 id="log-error">{t('logs.detail.error')}</h3>
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
        <h3 id="log-capture">{t('logs.detail.capture.title')}</h3>
        {entry.capture ? (
          <div className="stack-sm">
            <table className="table header-table" aria-label={t('logs.detail.capture.headers')}>
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
            <h4>{t('logs.detail.capture.requestBody')}</h4>
            {entry.capture.requestBody !== null ? (
              <CodeBlock
                code={prettyBody(entry.capture.requestBody)}
                label={t('logs.detail.capture.requestBodyLabel')}
              />
            ) : (
              <p className="muted">{t('logs.detail.capture.noBody')}</p>
            )}
            <h4>{t('logs.detail.capture.responseBody')}</h4>
            {entry.capture.responseBody !== null ? (
              <CodeBlock
                code={prettyBody(entry.capture.responseBody)}
                label={t('logs.detail.capture.responseBodyLabel')}
              />
            ) : (
              <p className="muted">{t('logs.detail.capture.noBody')}</p>
            )}
          </div>
        ) : (
          <p className="muted">
            <Trans
              i18nKey="logs.detail.capture.notCaptured"
              components={{ settings: <a href={hashFor('settings')} /> }}
            />
          </p>
        )}
      </section>
    </div>
  );
}
