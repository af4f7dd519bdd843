import { SIM_KEYS } from './keys.ts';

export interface SseRecord {
  event: string | undefined;
  data: string;
}

export function authHeaders(key: string = SIM_KEYS.full): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

export function post(
  url: string,
  body: unknown,
  key: string = SIM_KEYS.full,
  init: RequestInit = {},
): Promise<Response> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(url, { method: 'POST', headers: authHeaders(key), body: raw, ...init });
}

/** Splits an SSE body into records, the way the SDK parsers do. */
export function parseSse(text: string): SseRecord[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      return { event, data: data.join('\n') };
    });
}

/** The JSON payloads of an SSE body, `[DONE]` excluded. */
export function sseJson(text: string): Record<string, unknown>[] {
  return parseSse(text)
    .filter((r) => r.data !== '[DONE]')
    .map((r) => JSON.parse(r.data) as Record<string, unknown>);
}

/** Reads a body until the connection ends; reports whether it ended with an error. */
export async function readToEnd(res: Response): Promise<{ text: string; failed: boolean }> {
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  if (reader === undefined) return { text, failed: false };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, failed: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, failed: true };
  }
}

export const userChat = (text: string): { role: 'user'; content: string }[] => [
  { role: 'user', content: text },
];

export const userContents = (text: string): unknown[] => [{ role: 'user', parts: [{ text }] }];

/** A 1x1 transparent PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const WEATHER_PARAMETERS = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
  required: ['city'],
};
