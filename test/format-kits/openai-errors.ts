import { expect } from 'vitest';
import type { KitReply } from './format-kit.ts';

/**
 * OpenAI's error body, `{"error":{"message","type","param","code"}}`: the shape of both OpenAI
 * formats (chat completions and responses), whose SDK is the same.
 */
export function expectOpenAiError(reply: KitReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  // `message` is what SDKs read; an upstream's own error passed through may lack `type`/`code`.
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message).not.toBe('');
  return body.error;
}
