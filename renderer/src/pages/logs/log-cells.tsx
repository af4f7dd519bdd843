import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatDuration } from '../../format/duration.ts';
import { askedAndAnswered } from '../../format/attempts.ts';
import { formatPath } from '../../format/path.ts';
import { formatClock, formatDateTime } from '../../format/time.ts';
import { formatTokensCompact, formatTokens } from '../../format/tokens.ts';
import { isErrorStatus } from '../../stores/log-filter.ts';
import type { LogSortColumn } from '../../stores/log-sort.ts';

export interface LogColumn {
  id: LogSortColumn;
  numeric?: boolean;
  render: (entry: LogEntry) => ReactNode;
}

export function StatusBadge({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  if (entry.cancelled)
    return <span className="badge badge-neutral">{t('logs.status.cancelled')}</span>;
  const error = isErrorStatus(entry);
  return (
    <span
      className={error ? 'badge badge-danger' : 'badge badge-success'}
      title={entry.errorMessage ?? undefined}
    >
      {entry.status || t('logs.status.failed')}
    </span>
  );
}

/** The formats the request went through: "chat→gemini (translated)". */
export function PathText({ entry }: { entry: LogEntry }) {
  return (
    <span
      className={`route route-${entry.route}`}
      title={[formatPath(entry), ...entry.rules].join('\n')}
    >
      {formatPath(entry)}
    </span>
  );
}

/** The model asked for, and the one that answered when a route sent it elsewhere. */
function ModelText({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const text = askedAndAnswered(entry);
  const title = entry.modelRoute
    ? t('logs.cells.modelTitle', {
        asked: entry.model ?? '—',
        route: entry.modelRoute,
        served: entry.servedModel ?? t('logs.cells.noModel'),
      })
    : text;
  return (
    <span className="mono" title={title}>
      {text}
    </span>
  );
}

function TokensText({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  if (!entry.usage) return <span className="subtle">—</span>;
  const text = `${formatTokensCompact(entry.usage.inputTokens)} / ${formatTokensCompact(entry.usage.outputTokens)}`;
  const amounts = {
    input: formatTokens(entry.usage.inputTokens),
    output: formatTokens(entry.usage.outputTokens),
  };
  const title = entry.usageEstimated
    ? t('logs.cells.tokensEstimated', amounts)
    : t('logs.cells.tokens', amounts);
  return (
    <span title={title}>
      {entry.usageEstimated ? '~' : ''}
      {text}
    </span>
  );
}

/** The log table's columns: what each shows and how. */
export const LOG_COLUMNS: LogColumn[] = [
  {
    id: 'time',
    render: (e) => (
      <time dateTime={new Date(e.startedAt).toISOString()} title={formatDateTime(e.startedAt)}>
        {formatClock(e.startedAt)}
      </time>
    ),
  },
  { id: 'client', render: (e) => e.client ?? <span className="subtle">—</span> },
  { id: 'path', render: (e) => <PathText entry={e} /> },
  { id: 'model', render: (e) => <ModelText entry={e} /> },
  { id: 'status', render: (e) => <StatusBadge entry={e} /> },
  { id: 'latency', numeric: true, render: (e) => formatDuration(e.latencyMs) },
  { id: 'ttfb', numeric: true, render: (e) => formatDuration(e.ttfbMs) },
  { id: 'tokens', numeric: true, render: (e) => <TokensText entry={e} /> },
  { id: 'cost', numeric: true, render: (e) => formatCost(e.costUsd) },
];

/** A column's heading, in the UI's language (each key written out for the catalog check). */
export function useColumnLabels(): Record<LogSortColumn, string> {
  const { t } = useTranslation();
  return {
    time: t('logs.columns.time'),
    client: t('logs.columns.client'),
    path: t('logs.columns.path'),
    model: t('logs.columns.model'),
    status: t('logs.columns.status'),
    latency: t('logs.columns.latency'),
    ttfb: t('logs.columns.ttfb'),
    tokens: t('logs.columns.tokens'),
    cost: t('logs.columns.cost'),
  };
}
