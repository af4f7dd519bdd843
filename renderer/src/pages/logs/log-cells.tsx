import type { ReactNode } from 'react';
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
  label: string;
  numeric?: boolean;
  render: (entry: LogEntry) => ReactNode;
}

export function StatusBadge({ entry }: { entry: LogEntry }) {
  if (entry.cancelled) return <span className="badge badge-neutral">cancelled</span>;
  const error = isErrorStatus(entry);
  return (
    <span
      className={error ? 'badge badge-danger' : 'badge badge-success'}
      title={entry.errorMessage ?? undefined}
    >
      {entry.status || 'failed'}
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
  const text = askedAndAnswered(entry);
  const title = entry.modelRoute
    ? `Asked for ${entry.model ?? '—'} (route ${entry.modelRoute}); answered by ${entry.servedModel ?? 'no model'}`
    : text;
  return (
    <span className="mono" title={title}>
      {text}
    </span>
  );
}

function tokens(entry: LogEntry): ReactNode {
  if (!entry.usage) return <span className="subtle">—</span>;
  const text = `${formatTokensCompact(entry.usage.inputTokens)} / ${formatTokensCompact(entry.usage.outputTokens)}`;
  const title = `${formatTokens(entry.usage.inputTokens)} in, ${formatTokens(entry.usage.outputTokens)} out${entry.usageEstimated ? ' (estimated)' : ''}`;
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
    label: 'Time',
    render: (e) => (
      <time dateTime={new Date(e.startedAt).toISOString()} title={formatDateTime(e.startedAt)}>
        {formatClock(e.startedAt)}
      </time>
    ),
  },
  { id: 'client', label: 'Client', render: (e) => e.client ?? <span className="subtle">—</span> },
  { id: 'path', label: 'Path', render: (e) => <PathText entry={e} /> },
  { id: 'model', label: 'Model', render: (e) => <ModelText entry={e} /> },
  { id: 'status', label: 'Status', render: (e) => <StatusBadge entry={e} /> },
  { id: 'latency', label: 'Latency', numeric: true, render: (e) => formatDuration(e.latencyMs) },
  { id: 'ttfb', label: 'TTFB', numeric: true, render: (e) => formatDuration(e.ttfbMs) },
  { id: 'tokens', label: 'Tokens', numeric: true, render: tokens },
  { id: 'cost', label: 'Cost', numeric: true, render: (e) => formatCost(e.costUsd) },
];
