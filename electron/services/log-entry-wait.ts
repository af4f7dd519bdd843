import type { LogRow, Store } from '../store/index.ts';

/**
 * The log row of a request that just ended. The gateway records a request once its response
 * has closed, and the writer commits on the next loop turn, so the row may not be there yet
 * when the client has read the last byte: wait for its commit, up to `timeoutMs`.
 */
export function waitForLogEntry(
  store: Store,
  requestId: string,
  timeoutMs = 3000,
): Promise<LogRow | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (row: LogRow | null): void => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearTimeout(timer);
      resolve(row);
    };
    const read = (): LogRow | null => {
      try {
        return store.requestLog.getLogEntry(requestId);
      } catch {
        return null; // the store closed meanwhile
      }
    };
    // Subscribed before looking, so a commit between the two is not missed.
    const unsubscribe = store.logWriter.onFlushed((rows) => {
      const row = rows.find((r) => r.requestId === requestId);
      if (row) finish(row);
    });
    const timer = setTimeout(() => finish(read()), timeoutMs);
    try {
      store.logWriter.flush();
    } catch {
      // a failed write is reported by the writer itself
    }
    const existing = read();
    if (existing) finish(existing);
  });
}
