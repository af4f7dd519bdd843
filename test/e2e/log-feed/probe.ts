/**
 * Loaded into the headless app with `--import` (the app itself is not changed; see feed.ts):
 * on the parent's `feed` message, queues copies of the first request the gateway logged on the
 * app's own request-log writer, a batch at a time. From there on everything is the app's: the
 * rows are written to its database (so the Logs page can page through them) and reach the page
 * as `logs.appended` events over its event stream, as a burst of real requests would, only
 * without a hundred thousand round trips through the gateway.
 */
import type { RequestRecord } from '../../../electron/gateway/server/request-record.ts';
import { RequestLogWriter } from '../../../electron/store/request-log-writer.ts';

/** What feed.ts sends: `count` rows, `batch` per event, `intervalMs` between batches. */
export interface FeedMessage {
  feed: { id: number; count: number; batch: number; intervalMs: number };
}

let writer: RequestLogWriter | undefined;
let template: RequestRecord | undefined;
let next = 0;

const enqueue = RequestLogWriter.prototype.enqueue;
// The app's writer and a real record to copy, from the first request logged.
RequestLogWriter.prototype.enqueue = function (this: RequestLogWriter, record: RequestRecord) {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- the writer the feed goes to
  writer = this;
  template ??= record;
  enqueue.call(this, record);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function feed({ count, batch, intervalMs }: FeedMessage['feed']): Promise<void> {
  if (!writer || !template) throw new Error('no request logged yet: nothing to copy');
  for (let fed = 0; fed < count;) {
    const size = Math.min(batch, count - fed);
    const startedAt = Date.now();
    for (let i = 0; i < size; i += 1) {
      next += 1;
      enqueue.call(writer, {
        ...template,
        requestId: `req_${next.toString(16).padStart(24, '0')}`,
        startedAt,
        capture: null,
        limitHold: null,
      });
    }
    // One batch, one commit, one `logs.appended` event.
    writer.flush();
    fed += size;
    await pause(intervalMs);
  }
}

process.on('message', (message: unknown) => {
  const request = (message as Partial<FeedMessage>).feed;
  if (!request) return;
  feed(request).then(
    () => process.send?.({ fed: request.id }),
    (error: unknown) => process.send?.({ fed: request.id, error: String(error) }),
  );
});
// The IPC channel must not keep an app alive that is shutting down.
process.channel?.unref();
