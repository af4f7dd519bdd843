import type { OllamaEndpoint } from './ollama-wire.ts';

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * Whether a request only asks Ollama to load a model into memory (a chat without messages, a
 * generate without prompt or images: `ollama run` sends one before the first question), or with
 * `keep_alive: 0` to unload it. There is nothing to load behind the gateway; the server can
 * answer it with `ollamaLoadAnswer` at once, for a model the catalog has, and call no upstream.
 */
export function ollamaLoadRequest(
  endpoint: OllamaEndpoint,
  body: Record<string, unknown>,
): 'load' | 'unload' | undefined {
  const empty =
    endpoint === 'chat' ? isEmpty(body.messages) : isEmpty(body.prompt) && isEmpty(body.images);
  if (!empty) return undefined;
  return body.keep_alive === 0 || body.keep_alive === '0' || body.keep_alive === '0s'
    ? 'unload'
    : 'load';
}

/** Ollama's answer to a load or unload request: one record, `done: true`, whatever `stream` says. */
export function ollamaLoadAnswer(
  endpoint: OllamaEndpoint,
  model: string,
  reason: 'load' | 'unload',
  now = new Date(),
): Record<string, unknown> {
  const created = now.toISOString();
  return endpoint === 'chat'
    ? {
        model,
        created_at: created,
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: reason,
      }
    : { model, created_at: created, response: '', done: true, done_reason: reason };
}
