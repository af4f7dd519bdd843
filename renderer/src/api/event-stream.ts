import { createParser } from 'eventsource-parser';
import { APP_TOKEN_HEADER } from '../../../shared/contract.ts';
import type { ConnectionState } from './api-client.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';

export interface EventStreamOptions {
  url: string;
  token: string;
  fetch: typeof fetch;
  onEvent: (name: string, payload: unknown) => void;
  onState: (state: ConnectionState) => void;
  backoff?: BackoffOptions;
}

export interface EventStream {
  close(): void;
}

/**
 * The app's server-sent events over `fetch` (EventSource cannot send the token header), parsed
 * with eventsource-parser. A dropped or failed connection is retried with backoff; a refused
 * token is not, since retrying cannot fix it.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const scheduleReconnect = () => {
    if (closed) return;
    options.onState('reconnecting');
    timer = setTimeout(() => void connect(), backoffDelay(attempt, backoff));
    attempt += 1;
  };

  const connect = async () => {
    if (closed) return;
    controller = new AbortController();
    try {
      const response = await options.fetch(options.url, {
        headers: { [APP_TOKEN_HEADER]: options.token, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) {
        options.onState('unauthorized');
        return;
      }
      if (!response.ok || !response.body) {
        scheduleReconnect();
        return;
      }
      attempt = 0;
      options.onState('open');
      await readEvents(response.body, options.onEvent);
    } catch {
      // A network failure or a cut stream: fall through to reconnect unless we closed it.
    }
    if (!closed) scheduleReconnect();
  };

  options.onState('connecting');
  void connect();

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      controller?.abort();
    },
  };
}

/**
 * Event handling (parsing and the listeners) a reader does before it lets the page have a turn.
 * Chunks already received resolve the next read at once, in the same task: a backlog (a flood of
 * log rows, a window that was busy) would otherwise be handled in one long task.
 */
const SLICE_MS = 8;

async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, payload: unknown) => void,
): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        return; // Not one of the contract's JSON events (e.g. a keep-alive): nothing to deliver.
      }
      onEvent(message.event ?? 'message', payload);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let busy = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const started = performance.now();
    parser.feed(decoder.decode(value, { stream: true }));
    busy += performance.now() - started;
    if (busy > SLICE_MS) {
      busy = 0;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
}
