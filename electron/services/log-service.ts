import type {
  LogCursor,
  LogEntry,
  LogExportFormat,
  LogFilter,
  LogSearchResult,
} from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';
import { toLogEntry } from './log-entry.ts';

/** The Logs page: search, one entry, export; all straight from the store's queries. */
export class LogService {
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  search(filter: LogFilter, limit: number, after?: LogCursor): LogSearchResult {
    // Records still queued would be missing from a search made right after a request.
    this.store.logWriter.flush();
    const page = this.store.requestLog.searchLog(filter, { limit, after });
    return { ...page, rows: page.rows.map(toLogEntry) };
  }

  get(requestId: string): LogEntry | null {
    this.store.logWriter.flush();
    const row = this.store.requestLog.getLogEntry(requestId);
    return row ? toLogEntry(row) : null;
  }

  /** The whole matching log as CSV or JSONL text, with a dated file name for the download. */
  export(
    format: LogExportFormat,
    filter: LogFilter,
    now = new Date(),
  ): { filename: string; content: string } {
    this.store.logWriter.flush();
    const chunks: string[] = [];
    this.store.requestLog.exportLog(format, filter, (chunk) => chunks.push(chunk));
    const day = now.toISOString().slice(0, 10);
    return { filename: `model-gateway-log-${day}.${format}`, content: chunks.join('') };
  }

  /** New rows as they are committed (the live log). */
  onAppended(listener: (entries: LogEntry[]) => void): () => void {
    return this.store.logWriter.onFlushed((rows) => listener(rows.map(toLogEntry)));
  }
}
