import type {
  LogCursor,
  LogEntry,
  LogExportFormat,
  LogFilter,
  LogSearchResult,
} from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';
import { toLogEntry } from './log-entry.ts';

/**
 * The Logs page: search, one entry, export; the store's queries, on the store reader's thread.
 * Each read flushes the log writer first: a row still queued would be missing from a search
 * made right after its request, and the flush commits it before the worker reads.
 */
export class LogService {
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  async search(filter: LogFilter, limit: number, after?: LogCursor): Promise<LogSearchResult> {
    this.store.logWriter.flush();
    const page = await this.store.reader.read('searchLog', filter, { limit, after });
    return { ...page, rows: page.rows.map(toLogEntry) };
  }

  /** One row by its key: a lookup of microseconds, so it stays on this thread. */
  get(requestId: string): LogEntry | null {
    this.store.logWriter.flush();
    const row = this.store.requestLog.getLogEntry(requestId);
    return row ? toLogEntry(row) : null;
  }

  /** The whole matching log as CSV or JSONL text, with a dated file name for the download. */
  async export(
    format: LogExportFormat,
    filter: LogFilter,
    now = new Date(),
  ): Promise<{ filename: string; content: string }> {
    this.store.logWriter.flush();
    const content = await this.store.reader.read('exportLog', format, filter);
    const day = now.toISOString().slice(0, 10);
    return { filename: `model-gateway-log-${day}.${format}`, content };
  }

  /** New rows as they are committed (the live log). */
  onAppended(listener: (entries: LogEntry[]) => void): () => void {
    return this.store.logWriter.onFlushed((rows) => listener(rows.map(toLogEntry)));
  }
}
