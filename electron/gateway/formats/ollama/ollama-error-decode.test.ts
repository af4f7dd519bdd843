import { describe, expect, it } from 'vitest';
import { decodeOllamaError } from './ollama-error-decode.ts';

describe('decodeOllamaError', () => {
  it('reads Ollama’s {"error": "…"} with its status', () => {
    const error = decodeOllamaError(404, '{"error":"model \'llama9\' not found"}', {});
    expect(error).toMatchObject({ status: 404, message: "model 'llama9' not found" });
  });

  it('keeps Retry-After', () => {
    expect(
      decodeOllamaError(429, '{"error":"too many requests"}', { 'retry-after': '12' }),
    ).toMatchObject({ status: 429, retryAfterSeconds: 12 });
  });

  it('reads an OpenAI-shaped body from a relay and text from a proxy', () => {
    expect(
      decodeOllamaError(401, '{"error":{"message":"bad key","code":"invalid_api_key"}}', {}),
    ).toMatchObject({ status: 401, message: 'bad key', code: 'invalid_api_key' });
    expect(
      decodeOllamaError(502, '<html><title>502 Bad Gateway</title></html>', {}).message,
    ).toMatch(/502 Bad Gateway/);
    expect(decodeOllamaError(500, '', {}).message).toMatch(/no body/);
  });
});
