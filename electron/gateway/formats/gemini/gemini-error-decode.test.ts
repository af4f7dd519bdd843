import { describe, expect, it } from 'vitest';
import { recordedFile } from '../../../../test/recorded-fixtures.ts';
import { decodeGeminiError } from './gemini-error-decode.ts';

describe('decodeGeminiError', () => {
  it('google-429-retry-info.json: keeps 429 and rounds the RetryInfo delay up', () => {
    const error = decodeGeminiError(429, recordedFile('gemini', 'google-429-retry-info.json'), {});
    expect(error.status).toBe(429);
    expect(error.message).toBe('You exceeded your current quota, please check your plan.');
    expect(error.retryAfterSeconds).toBe(35);
    expect(error.code).toBe('resource_exhausted');
  });

  it('google-thinking-level-minimal-unsupported.json: a plain 400', () => {
    const error = decodeGeminiError(
      400,
      recordedFile('gemini', 'google-thinking-level-minimal-unsupported.json'),
      {},
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Thinking level MINIMAL is not supported for this model. Please retry with other thinking level.',
    );
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.code).toBe('invalid_argument');
  });

  it('turns a bad API key (400 API_KEY_INVALID) into 401', () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ],
      },
    });
    const error = decodeGeminiError(400, body, {});
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
    expect(error.message).toBe('API key not valid. Please pass a valid API key.');
  });

  it('unwraps a one-element array, reads fractional delays and falls back to Retry-After', () => {
    const wrapped = JSON.stringify([
      {
        error: {
          code: 503,
          message: 'The model is overloaded.',
          status: 'UNAVAILABLE',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' }],
        },
      },
    ]);
    expect(decodeGeminiError(503, wrapped, {})).toMatchObject({
      status: 503,
      message: 'The model is overloaded.',
      retryAfterSeconds: 2,
    });
    const plain = JSON.stringify({
      error: { code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' },
    });
    expect(decodeGeminiError(429, plain, { 'retry-after': '7' }).retryAfterSeconds).toBe(7);
  });

  it('reads an OpenAI-shaped relay body and HTML', () => {
    const openAi = JSON.stringify({
      error: {
        message: 'Rate limited',
        type: 'rate_limit_error',
        code: 'rate_limit_exceeded',
        param: null,
      },
    });
    expect(decodeGeminiError(429, openAi, { 'retry-after': '3' })).toMatchObject({
      status: 429,
      message: 'Rate limited',
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 3,
    });
    const html = decodeGeminiError(502, '<html><body>Bad Gateway</body></html>', {});
    expect(html.status).toBe(502);
    expect(html.message).toContain('Bad Gateway');
  });
});
