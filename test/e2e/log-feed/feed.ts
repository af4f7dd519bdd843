import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FeedMessage } from './probe.ts';

/** Node flags that load the log feed (probe.ts) into an app started with an IPC channel. */
export const LOG_FEED_FLAGS: readonly string[] = [
  '--import',
  join(import.meta.dirname, 'probe.ts'),
];

let feeds = 0;

/**
 * Has the app log `count` more requests, copies of the first one it logged, `batch` to an event
 * (the log writer's own largest batch is 200) and `intervalMs` apart; resolves once all are
 * written and sent.
 */
export function feedLogRows(
  child: ChildProcess,
  count: number,
  { batch = 200, intervalMs = 25 }: { batch?: number; intervalMs?: number } = {},
): Promise<void> {
  const id = (feeds += 1);
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      const answer = message as { fed?: number; error?: string };
      if (answer.fed !== id) return;
      child.off('message', onMessage);
      if (answer.error) reject(new Error(answer.error));
      else resolve();
    };
    child.on('message', onMessage);
    const request: FeedMessage = { feed: { id, count, batch, intervalMs } };
    child.send(request);
  });
}
