import type { Harness } from './harness.ts';

export interface PostOptions {
  headers?: Record<string, string>;
  token?: string | null;
  signal?: AbortSignal;
}

/** POSTs a raw body (string, so malformed JSON can be sent) with the local token as Bearer. */
export function post(
  h: Harness,
  path: string,
  body: string | object,
  options: PostOptions = {},
): Promise<Response> {
  const token = options.token === undefined ? h.token : options.token;
  return fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export const chatBody = (content: string, extra: object = {}) => ({
  model: 'sim-chat',
  messages: [{ role: 'user', content }],
  ...extra,
});

export const responsesBody = (input: string, extra: object = {}) => ({
  model: 'sim-responses',
  input,
  ...extra,
});

export const geminiBody = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] });

export const GEMINI_PATH = '/v1beta/models/sim-gemini:generateContent';
export const GEMINI_STREAM_PATH = '/v1beta/models/sim-gemini:streamGenerateContent?alt=sse';
