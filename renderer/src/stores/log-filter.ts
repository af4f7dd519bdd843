import type { LogEntry, LogFilter } from '../../../shared/contract.ts';

export type LogTimeRange = '15m' | '1h' | '24h' | '7d' | '30d' | 'all';

/** The filter bar's fields, as typed. */
export interface LogFilterForm {
  model: string;
  /** `fellBack`: requests on which a model route moved on to another model. */
  status: '' | 'ok' | 'error' | 'fellBack';
  client: string;
  /** The model route the requests asked for. */
  modelRoute: string;
  text: string;
  range: LogTimeRange;
}

export const EMPTY_LOG_FORM: LogFilterForm = {
  model: '',
  status: '',
  client: '',
  modelRoute: '',
  text: '',
  range: 'all',
};

const RANGE_MS: Record<Exclude<LogTimeRange, 'all'>, number> = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** Any field of the form filters something. */
export const isFiltered = (form: LogFilterForm): boolean =>
  form.model !== '' ||
  form.client !== '' ||
  form.modelRoute !== '' ||
  form.text !== '' ||
  form.status !== '' ||
  form.range !== 'all';

/** The contract's filter for the form; empty fields filter nothing. */
export function toLogFilter(form: LogFilterForm, now: number): LogFilter {
  const filter: LogFilter = {};
  if (form.model.trim()) filter.model = form.model.trim();
  if (form.client.trim()) filter.client = form.client.trim();
  if (form.modelRoute.trim()) filter.modelRoute = form.modelRoute.trim();
  if (form.text.trim()) filter.text = form.text.trim();
  if (form.status === 'fellBack') filter.fellBack = true;
  else if (form.status) filter.status = form.status;
  if (form.range !== 'all') filter.from = now - RANGE_MS[form.range];
  return filter;
}

export function isErrorStatus(entry: Pick<LogEntry, 'status' | 'errorKind'>): boolean {
  return entry.status >= 400 || entry.status === 0 || entry.errorKind !== null;
}

/**
 * The request asked for a route, and the route moved on from at least one model. Here rather than
 * in format/attempts.ts: the logs store, in every page's first load, needs only this of it.
 */
export const fellBack = (entry: Pick<LogEntry, 'modelAttempts'>): boolean =>
  (entry.modelAttempts ?? []).length > 1;

/**
 * Whether a live row belongs in the current view. The app filters the pages it returns; rows
 * pushed by `logs.appended` are filtered here the same way so the table does not mix them in.
 */
export function matchesLogFilter(entry: LogEntry, filter: LogFilter): boolean {
  if (filter.model !== undefined && entry.model !== filter.model) return false;
  if (filter.client !== undefined && entry.client !== filter.client) return false;
  if (filter.modelRoute !== undefined && entry.modelRoute !== filter.modelRoute) return false;
  if (filter.fellBack === true && !fellBack(entry)) return false;
  if (filter.status === 'ok' && isErrorStatus(entry)) return false;
  if (filter.status === 'error' && !isErrorStatus(entry)) return false;
  if (typeof filter.status === 'number' && entry.status !== filter.status) return false;
  if (filter.from !== undefined && entry.startedAt < filter.from) return false;
  if (filter.to !== undefined && entry.startedAt >= filter.to) return false;
  if (filter.text !== undefined) {
    const needle = filter.text.toLowerCase();
    const haystack = [
      entry.requestId,
      entry.model,
      entry.servedModel,
      entry.client,
      entry.path,
      entry.errorMessage,
      entry.errorKind,
    ]
      .filter((v): v is string => typeof v === 'string')
      .join('\n')
      .toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}
