import { Pause, Play, ScrollText, SearchX } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../../shared/contract.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatLogTotal } from '../../format/log-total.ts';
import { formatDateTime } from '../../format/time.ts';
import { formatTokens } from '../../format/tokens.ts';
import { isFiltered } from '../../stores/log-filter.ts';
import { DEFAULT_LOG_SORT } from '../../stores/log-sort.ts';
import { useLogsStore } from '../../stores/logs-store.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { LogDetailDrawer } from './LogDetailDrawer.tsx';
import { LogFilters } from './LogFilters.tsx';
import { LogTable } from './LogTable.tsx';
import { sortLogRows } from './sort-rows.ts';
import './logs.css';

const NO_ROWS: LogEntry[] = [];

export default function LogsPage() {
  const { t } = useTranslation();
  const loaded = useLogsStore((s) => s.rows);
  const sort = useLogsStore((s) => s.sort);
  const setSort = useLogsStore((s) => s.setSort);
  const rows = useMemo(() => sortLogRows(loaded, sort), [loaded, sort]);
  // The table's rows render after the page has shown, in React's interruptible pass: opening
  // the page with thousands of rows then never blocks the main thread in one long task.
  const tableRows = useDeferredValue(rows, NO_ROWS);
  const total = useLogsStore((s) => s.total);
  // With the rows, so a batch of live rows redraws the table once, not also before they come.
  const tableTotal = useDeferredValue(total);
  const next = useLogsStore((s) => s.next);
  const searchedTo = useLogsStore((s) => s.searchedTo);
  const status = useLogsStore((s) => s.status);
  const error = useLogsStore((s) => s.error);
  const form = useLogsStore((s) => s.form);
  const loadingMore = useLogsStore((s) => s.loadingMore);
  const live = useLogsStore((s) => s.live);
  const missed = useLogsStore((s) => s.missed);
  const following = useLogsStore((s) => s.following);
  const selectedRequestId = useLogsStore((s) => s.selectedRequestId);
  const load = useLogsStore((s) => s.load);
  const loadMore = useLogsStore((s) => s.loadMore);
  const setLive = useLogsStore((s) => s.setLive);
  const setFollowing = useLogsStore((s) => s.setFollowing);
  const showNew = useLogsStore((s) => s.showNew);
  const select = useLogsStore((s) => s.select);
  const ensureModels = useModelsStore((s) => s.ensureLoaded);
  const loadTokens = useTokensStore((s) => s.load);
  const ensureRoutes = useRoutesStore((s) => s.ensureLoaded);
  const onOpen = useCallback((entry: LogEntry) => select(entry.requestId), [select]);
  const onEndReached = useCallback(() => void loadMore(), [loadMore]);

  useEffect(() => {
    void load();
    // For the filter suggestions.
    void ensureModels();
    void loadTokens();
    void ensureRoutes();
  }, [load, ensureModels, loadTokens, ensureRoutes]);

  const filtered = isFiltered(form);
  const newestFirst =
    sort.column === DEFAULT_LOG_SORT.column && sort.desc === DEFAULT_LOG_SORT.desc;
  // Paused, the Live button says how many came; live, rows that could not go on top wait here.
  const newCount = live && (!following || !newestFirst) ? missed : 0;
  // A search that stopped at a window of the log goes on only when asked, not as the table
  // scrolls: with few matches the end of the table is always in view.
  const hasMore = next !== null && searchedTo === null;
  // The header row counts as one; -1: not known.
  const rowCount =
    tableTotal && !tableTotal.atLeast
      ? tableTotal.count + 1
      : next !== null
        ? -1
        : tableRows.length + 1;
  const searchOlder =
    searchedTo !== null && !loadingMore ? (
      <button type="button" className="btn btn-sm" onClick={() => void loadMore()}>
        {t('logs.page.searchOlder')}
      </button>
    ) : null;

  let body;
  if (status === 'error' && rows.length === 0) {
    body = (
      <ErrorState
        title={t('logs.page.loadFailed')}
        message={error ?? ''}
        onRetry={() => void load()}
      />
    );
  } else if ((status === 'loading' || status === 'idle') && rows.length === 0) {
    body = <LoadingState label={t('logs.page.loading')} />;
  } else if (rows.length === 0 && loadingMore) {
    body = <LoadingState label={t('logs.page.searching')} />;
  } else if (rows.length === 0) {
    body =
      searchedTo !== null ? (
        <EmptyState
          icon={<SearchX size={20} />}
          title={t('logs.page.noMatchYet')}
          actions={searchOlder}
        >
          {t('logs.page.searchedBack', { time: formatDateTime(searchedTo) })}
        </EmptyState>
      ) : filtered ? (
        <EmptyState icon={<SearchX size={20} />} title={t('logs.page.noMatch')} />
      ) : (
        <EmptyState icon={<ScrollText size={20} />} title={t('logs.page.emptyTitle')}>
          {t('logs.page.emptyBody')}
        </EmptyState>
      );
  } else {
    body = (
      <LogTable
        rows={tableRows}
        rowCount={rowCount}
        hasMore={hasMore}
        selectedRequestId={selectedRequestId}
        onOpen={onOpen}
        sort={sort}
        onSort={setSort}
        onEndReached={onEndReached}
        onFollowChange={setFollowing}
        newCount={newCount}
        onShowNew={showNew}
      />
    );
  }

  return (
    <main className="page page-fill">
      <PageHeader
        title={t('logs.page.title')}
        description={t('logs.page.description')}
        actions={
          <>
            <button
              type="button"
              className={live ? 'btn live-on' : 'btn'}
              aria-pressed={live}
              onClick={() => setLive(!live)}
            >
              {live ? (
                <Pause size={14} aria-hidden="true" />
              ) : (
                <Play size={14} aria-hidden="true" />
              )}
              {live
                ? t('logs.page.live')
                : missed > 0
                  ? t('logs.page.pausedNew', { count: missed, formatted: formatTokens(missed) })
                  : t('logs.page.paused')}
            </button>
            <ExportButtons />
          </>
        }
      />
      <LogFilters />
      <div className="log-area" aria-busy={status === 'loading'}>
        {body}
      </div>
      <div className="log-footer">
        <span className="muted" role="status">
          {rows.length === 0
            ? ''
            : total
              ? t('logs.footer.showingOf', {
                  shown: formatTokens(rows.length),
                  total: formatLogTotal(total),
                })
              : t('logs.footer.showing', { shown: formatTokens(rows.length) })}
          {next !== null && sort.column !== DEFAULT_LOG_SORT.column
            ? t('logs.footer.sortedAmong', { count: rows.length, shown: formatTokens(rows.length) })
            : ''}
          {rows.length > 0 && searchedTo !== null
            ? t('logs.footer.searchedBack', { time: formatDateTime(searchedTo) })
            : ''}
        </span>
        {loadingMore ? (
          <span className="row muted">
            <Spinner size={14} />{' '}
            {searchedTo !== null ? t('logs.footer.searchingOlder') : t('logs.footer.loadingMore')}
          </span>
        ) : rows.length > 0 ? (
          searchOlder
        ) : null}
      </div>
      <LogDetailDrawer />
    </main>
  );
}
