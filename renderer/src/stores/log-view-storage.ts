import { EMPTY_LOG_FORM, type LogFilterForm } from './log-filter.ts';
import { DEFAULT_LOG_SORT, LOG_SORT_COLUMNS, type LogSort } from './log-sort.ts';

const KEY = 'model-gateway.log-view';

interface LogView {
  form: LogFilterForm;
  sort: LogSort;
}

/** The Logs page's filters and sort as last set in this window (session storage). */
export function restoreLogView(): LogView | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LogView>;
    // Field by field over the defaults: a view saved by an older version may lack some, or
    // sort by a column since renamed.
    const sort = { ...DEFAULT_LOG_SORT, ...parsed.sort };
    return {
      form: { ...EMPTY_LOG_FORM, ...parsed.form },
      sort: (LOG_SORT_COLUMNS as readonly string[]).includes(sort.column) ? sort : DEFAULT_LOG_SORT,
    };
  } catch {
    return null;
  }
}

export function saveLogView(form: LogFilterForm, sort: LogSort): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ form, sort }));
  } catch {
    // Storage can be unavailable; the view is then kept only while the window lives.
  }
}
