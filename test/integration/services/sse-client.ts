import { createParser } from 'eventsource-parser';

export interface SseClient {
  events: { event: string | undefined; data: string }[];
  /** Comment lines (heartbeats and the opening one). */
  comments: string[];
  status: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  next(event: string, match?: (data: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

/** Reads an SSE stream the way the renderer does: fetch with a header, eventsource-parser. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const client: SseClient = {
    events: [],
    comments: [],
    status: response.status,
    ended: Promise.resolve(),
    async next(event, match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = client.events.find((e) => e.event === event && match(JSON.parse(e.data)));
        if (found) return JSON.parse(found.data) as unknown;
        if (Date.now() > deadline) throw new Error(`no '${event}' event within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) return client;
  const parser = createParser({
    onEvent: (e) => client.events.push({ event: e.event, data: e.data }),
    onComment: (c) => client.comments.push(c),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  client.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}
