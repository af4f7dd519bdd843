import type Database from 'better-sqlite3';
import type { LogCursor, LogExportFormat as ExportFormat } from '../../shared/contract.ts';
import { csvHeader, logRowToCsv, logRowToJsonl } from './log-export-format.ts';
import { logFilterSql, type LogFilter } from './log-filter.ts';
import { columnsToLogRow, type LogRow, type StoredLogColumns } from './log-row.ts';
import { searchLogPage, type LogSearchPage } from './log-search.ts';
import { StatementCache } from './statement-cache.ts';

export interface LogPage {
  limit: number;
  /** The last row of the page before (its `next`); none for the newest page. */
  after?: LogCursor;
}

export type { LogExportFormat as ExportFormat } from '../../shared/contract.ts';

/** A page is capped so that one call cannot pull the whole log into memory. */
const MAX_PAGE_SIZE = 1000;

const checkedCount = (value: number, name: string): number => {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}.`);
  }
  return value;
};

/** Reading the request log: the Logs page's search and detail, and its export. */
export class RequestLogQueries {
  private readonly statements: StatementCache;
  private readonly byRequestId: Database.Statement<[string], StoredLogColumns>;

  constructor(db: Database.Database) {
    this.statements = new StatementCache(db);
    this.byRequestId = db.prepare<[string], StoredLogColumns>(
      'SELECT * FROM request_log WHERE request_id = ?',
    );
  }

  /** Newest first, a page after `page.after` (see log-search.ts for what one call reads). */
  searchLog(filter: LogFilter, page: LogPage): LogSearchPage<LogRow> {
    const limit = Math.min(checkedCount(page.limit, 'limit'), MAX_PAGE_SIZE);
    const found = searchLogPage(this.statements, filter, limit, page.after);
    return { ...found, rows: found.rows.map(columnsToLogRow) };
  }

  getLogEntry(requestId: string): LogRow | null {
    const row = this.byRequestId.get(requestId);
    return row ? columnsToLogRow(row) : null;
  }

  /**
   * Streams the matching rows, oldest first, through `write` one row at a time: the log may
   * be far larger than memory. CSV starts with a header row. Returns the number of rows.
   */
  exportLog(format: ExportFormat, filter: LogFilter, write: (chunk: string) => void): number {
    const { where, params } = logFilterSql(filter);
    const statement = this.statements.get<StoredLogColumns>(
      `SELECT * FROM request_log ${where} ORDER BY started_at ASC, id ASC`,
    );
    const encode = format === 'csv' ? logRowToCsv : logRowToJsonl;
    if (format === 'csv') write(csvHeader());
    let count = 0;
    for (const row of statement.iterate(params)) {
      write(encode(columnsToLogRow(row)));
      count += 1;
    }
    return count;
  }
}
