import { createParser } from 'eventsource-parser';
import type { Harness } from '../harness.ts';
import { post } from '../http-helpers.ts';

/** One SSE record as the client received it: the `event:` name (if any) and parsed `data`. */
interface CapturedEvent {
  event: string | undefined;
  data: unknown;
}

/**
 * What the gateway wrote for one request, read with plain fetch so that no SDK normalises it:
 * the parsed JSON body, or every SSE record (`[DONE]` left out) when the answer is a stream.
 */
export interface Capture {
  status: number;
  body?: unknown;
  events?: CapturedEvent[];
}

export async function capture(
  h: Harness,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<Capture> {
  const response = await post(h, path, body, { headers });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream'))
    return { status: response.status, body: JSON.parse(text) as unknown };
  const events: CapturedEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      if (message.data === '[DONE]') return;
      events.push({ event: message.event, data: JSON.parse(message.data) as unknown });
    },
  });
  parser.feed(text);
  return { status: response.status, events };
}
