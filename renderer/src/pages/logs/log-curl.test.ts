import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../shared/contract.ts';
import { logCurl, shellQuote } from './log-curl.ts';

const entry = (patch: Partial<LogEntry>): LogEntry => ({
  id: 1,
  requestId: 'req_1',
  startedAt: 0,
  client: 'tool',
  method: 'POST',
  path: '/v1/chat/completions',
  clientFormat: 'chat',
  upstreamFormat: 'chat',
  route: 'passthrough',
  model: 'm',
  modelRoute: null,
  servedModel: 'm',
  modelAttempts: [],
  stream: false,
  status: 200,
  errorKind: null,
  errorMessage: null,
  latencyMs: 1,
  ttfbMs: 1,
  attempts: 1,
  cancelled: false,
  rules: [],
  dropped: [],
  usage: null,
  usageEstimated: false,
  costUsd: null,
  tariff: null,
  capture: null,
  ...patch,
});

describe('logCurl', () => {
  it('replays the captured headers and body with the token as a variable', () => {
    const { command, notes } = logCurl(
      entry({
        path: '/v1beta/models/m:generateContent',
        capture: {
          requestHeaders: {
            host: '127.0.0.1:1',
            'x-goog-api-key': '[REDACTED]',
            'content-type': 'application/json',
            'x-goog-api-client': 'genai-js/1.0',
          },
          requestBody: `{"contents":[{"parts":[{"text":"it's"}]}]}`,
          responseBody: null,
        },
      }),
      'http://127.0.0.1:8787/',
    );
    expect(command).toBe(
      [
        `curl 'http://127.0.0.1:8787/v1beta/models/m:generateContent'`,
        `-H "Authorization: Bearer $MODEL_GATEWAY_TOKEN"`,
        `-H 'content-type: application/json'`,
        `-H 'x-goog-api-client: genai-js/1.0'`,
        `--data-raw '{"contents":[{"parts":[{"text":"it'\\''s"}]}]}'`,
      ].join(' \\\n  '),
    );
    expect(command).not.toContain('REDACTED');
    expect(notes).toEqual([]);
  });

  it('says when the body was not captured', () => {
    const { command, notes } = logCurl(entry({ stream: true }), 'http://h:1');
    expect(command).toContain(`--data-raw '{}'`);
    expect(command).toContain('--no-buffer');
    expect(notes.join(' ')).toMatch(/not captured/);
  });
});

describe('shellQuote', () => {
  it('survives single quotes', () => {
    expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
  });
});
