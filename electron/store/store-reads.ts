import type Database from 'better-sqlite3';
import { ChatSearch } from './chat-search.ts';
import type { LogFilter } from './log-filter.ts';
import type { ReadFailure } from './read-failure.ts';
import { RequestLogQueries, type ExportFormat, type LogPage } from './request-log-queries.ts';
import {
  UsageQueries,
  type SeriesBucket,
  type TimeRange,
  type UsageDimension,
} from './usage-queries.ts';

/** The query objects the reads run on, over one connection (the worker's). */
export interface ReadSources {
  requestLog: RequestLogQueries;
  usage: UsageQueries;
  conversations: ChatSearch;
}

export function readSources(db: Database.Database): ReadSources {
  return {
    requestLog: new RequestLogQueries(db),
    usage: new UsageQueries(db),
    conversations: new ChatSearch(db),
  };
}

/**
 * Every read the store reader's worker answers, by name: one line each over a query class,
 * which keeps the SQL. Arguments and results cross between threads by structured clone, so
 * both are plain data. The types of `StoreReader.read` come from here.
 */
const READS = {
  searchLog: (q: ReadSources, filter: LogFilter, page: LogPage) =>
    q.requestLog.searchLog(filter, page),
  logEntry: (q: ReadSources, requestId: string) => q.requestLog.getLogEntry(requestId),
  /** The whole text at once: it was one string for the download before as well. */
  exportLog: (q: ReadSources, format: ExportFormat, filter: LogFilter) => {
    const chunks: string[] = [];
    q.requestLog.exportLog(format, filter, (chunk) => chunks.push(chunk));
    return chunks.join('');
  },
  usageTotals: (q: ReadSources, range: TimeRange) => q.usage.usageTotals(range),
  usageSeries: (q: ReadSources, query: TimeRange & { bucket: SeriesBucket }) =>
    q.usage.usageSeries(query),
  usageBy: (q: ReadSources, query: TimeRange & { by: UsageDimension }) => q.usage.usageBy(query),
  searchConversations: (q: ReadSources, query: string) => q.conversations.search(query),
} satisfies Record<string, (sources: ReadSources, ...args: never[]) => unknown>;

export type ReadName = keyof typeof READS;
export type ReadArgs<N extends ReadName> = (typeof READS)[N] extends (
  sources: ReadSources,
  ...args: infer A
) => unknown
  ? A
  : never;
export type ReadResult<N extends ReadName> = ReturnType<(typeof READS)[N]>;

/** Main thread → worker. */
export interface ReadRequest {
  id: number;
  name: ReadName;
  args: unknown[];
}

/** Worker → main thread: the answer to the request of the same id. */
export type ReadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; failure: ReadFailure };

const isReadName = (name: string): name is ReadName => Object.hasOwn(READS, name);

/** Runs one request on `sources`; throws what the read throws. */
export function runRead(sources: ReadSources, request: ReadRequest): unknown {
  if (!isReadName(request.name)) throw new TypeError(`Unknown store read '${request.name}'.`);
  // The pairing of a name with its arguments is checked where the call is made (StoreReader.read).
  const read = READS[request.name] as (sources: ReadSources, ...args: unknown[]) => unknown;
  return read(sources, ...request.args);
}
