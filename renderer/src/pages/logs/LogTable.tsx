import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../../shared/contract.ts';
import { formatTokens } from '../../format/tokens.ts';
import type { LogSort } from '../../stores/log-sort.ts';
import { LOG_COLUMNS, useColumnLabels } from './log-cells.tsx';
import { firstSortDesc } from './sort-rows.ts';

const ROW_HEIGHT = 40;
/** Rows from the end at which the next page is asked for. */
const LOAD_AHEAD = 40;
/** Scrolled less than this from the top, the table is at its top: live rows go on top. */
const TOP_SLACK = ROW_HEIGHT / 2;

interface LogTableProps {
  rows: LogEntry[];
  /** The matching requests plus the header row, or -1 when not known (`aria-rowcount`). */
  rowCount: number;
  /** Older rows follow: they are fetched as the end of the table comes into view. */
  hasMore: boolean;
  selectedRequestId: string | null;
  onOpen: (entry: LogEntry) => void;
  sort: LogSort;
  onSort: (sort: LogSort) => void;
  /** The end of the loaded rows is in view: time for the next page. */
  onEndReached: () => void;
  /** Whether the table is scrolled to its top (it is, too, once it is gone). */
  onFollowChange: (atTop: boolean) => void;
  /** Requests that came while live rows could not go on top (scrolled away, another sort). */
  newCount: number;
  onShowNew: () => void;
}

/**
 * The request log, virtualised: only the rows in view are in the DOM, so tens of thousands
 * stay smooth. ARIA table roles with row indexes keep it readable; one row at a time is in the
 * tab order and the arrow keys move between rows (Enter opens the details). Memoised: the page
 * hands it its rows deferred, and it redraws only once they come.
 */
export const LogTable = memo(function LogTable(props: LogTableProps) {
  const { rows, rowCount, hasMore, selectedRequestId, onOpen, sort, onSort, onEndReached } = props;
  const { onFollowChange, newCount, onShowNew } = props;
  const { t } = useTranslation();
  const labels = useColumnLabels();
  const scroller = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [pendingFocus, setPendingFocus] = useState<number | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  const lastInView = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  useEffect(() => {
    if (rows.length > 0 && hasMore && lastInView >= rows.length - LOAD_AHEAD) onEndReached();
  }, [lastInView, rows.length, hasMore, onEndReached]);

  // Gone, the table has no place to keep: live rows go on top again.
  useEffect(() => () => onFollowChange(true), [onFollowChange]);

  // Focus a row once it has been scrolled into the rendered window.
  useEffect(() => {
    if (pendingFocus === null) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus}"]`);
    if (el) {
      el.focus();
      setPendingFocus(null);
    }
  });

  const move = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setFocusIndex(next);
    virtualizer.scrollToIndex(next);
    setPendingFocus(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, entry: LogEntry) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      PageDown: () => move(index + page),
      PageUp: () => move(index - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => onOpen(entry),
      ' ': () => onOpen(entry),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const tabIndexRow = Math.min(focusIndex, rows.length - 1);

  const showNew = () => {
    if (scroller.current) scroller.current.scrollTop = 0;
    onShowNew();
  };

  // The button is outside the table (a table holds rows only), over its first rows.
  const newRows =
    newCount > 0 ? (
      <button type="button" className="btn btn-primary btn-sm log-new-rows" onClick={showNew}>
        <ArrowUp size={14} aria-hidden="true" />
        {t('logs.table.newRequests', { count: newCount, formatted: formatTokens(newCount) })}
      </button>
    ) : null;

  const table = (
    <div
      className="log-table"
      role="table"
      aria-label={t('logs.table.label')}
      aria-rowcount={rowCount}
    >
      <div role="rowgroup" className="log-head">
        <div role="row" className="log-row" aria-rowindex={1}>
          {LOG_COLUMNS.map((c) => {
            const sorted = sort.column === c.id ? (sort.desc ? 'descending' : 'ascending') : null;
            return (
              <div
                key={c.id}
                role="columnheader"
                data-column={c.id}
                aria-sort={sorted ?? undefined}
                className={c.numeric ? 'log-cell num' : 'log-cell'}
              >
                <button
                  type="button"
                  className="sort-button"
                  onClick={() =>
                    onSort({
                      column: c.id,
                      desc: sorted ? sorted === 'ascending' : firstSortDesc(c.id),
                    })
                  }
                >
                  {labels[c.id]}
                  {sorted === 'ascending' ? (
                    <ArrowUp size={12} aria-hidden="true" />
                  ) : sorted === 'descending' ? (
                    <ArrowDown size={12} aria-hidden="true" />
                  ) : (
                    <ArrowUpDown size={12} aria-hidden="true" className="subtle" />
                  )}
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <div
        className="log-scroll"
        ref={scroller}
        role="rowgroup"
        onScroll={(e) => onFollowChange(e.currentTarget.scrollTop < TOP_SLACK)}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = rows[item.index];
            if (!entry) return null;
            const selected = entry.requestId === selectedRequestId;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                data-index={item.index}
                tabIndex={item.index === tabIndexRow ? 0 : -1}
                className={`log-row log-body-row${selected ? ' selected' : ''}${entry.status >= 400 || entry.errorKind ? ' is-error' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => {
                  setFocusIndex(item.index);
                  onOpen(entry);
                }}
                onFocus={() => setFocusIndex(item.index)}
                onKeyDown={(e) => onKeyDown(e, item.index, entry)}
              >
                {LOG_COLUMNS.map((c) => (
                  <div
                    key={c.id}
                    role="cell"
                    data-column={c.id}
                    className={c.numeric ? 'log-cell num' : 'log-cell'}
                  >
                    {c.render(entry)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );

  return (
    <>
      {newRows}
      {table}
    </>
  );
});
