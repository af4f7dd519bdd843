import type { AppEvents, EventName, LogEntry } from '../../shared/contract.ts';

/** A logged request that failed in a way the upstream's health may explain. */
export function failedUpstream(entry: Pick<LogEntry, 'status' | 'errorKind'>): boolean {
  return (
    entry.status === 429 ||
    entry.status >= 500 ||
    (entry.errorKind !== null && entry.errorKind.startsWith('upstream_'))
  );
}

/**
 * A bus listener that calls `nudge` when an event says a request just failed: a chat answer
 * that ended in an error, or a logged request (any tool's) that failed upstream. Then the
 * header changes at once instead of at the next periodic check.
 */
export function nudgeOnFailures(nudge: () => void): (event: EventName, payload: unknown) => void {
  return (event, payload) => {
    // The bus sends each event's payload as the contract types it.
    if (event === 'chat.done' && (payload as AppEvents['chat.done']).message.error !== null)
      nudge();
    else if (
      event === 'logs.appended' &&
      (payload as AppEvents['logs.appended']).some(failedUpstream)
    )
      nudge();
  };
}
