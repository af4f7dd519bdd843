import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { LimitHold, LimitLedger } from '../policy/limits.ts';
import { finishRecord, type RecordSinks } from './finish-record.ts';
import { RequestContext } from './request-context.ts';
import type { RequestRecord } from './request-record.ts';

function request(status = 200, headersSent = true) {
  const req = {
    headers: {},
    method: 'POST',
    url: '/v1/chat/completions',
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { statusCode: status, headersSent });
  const ctx = new RequestContext(req, res as unknown as ServerResponse);
  return { ctx, res: res as unknown as ServerResponse };
}

function sinks(overrides: Partial<RecordSinks> = {}) {
  const records: RequestRecord[] = [];
  return {
    records,
    sinks: {
      scrub: (text: string) => text.replaceAll('sk-up', '[REDACTED]'),
      ledger: undefined,
      onRecord: (record: RequestRecord) => records.push(record),
      log: () => {},
      ...overrides,
    } satisfies RecordSinks,
  };
}

describe('finishRecord', () => {
  it('hands on the record with its status, the key scrubbed from its error and capture', () => {
    const { ctx, res } = request(502);
    ctx.record.errorMessage = 'upstream said sk-up is bad';
    ctx.requestBody = Buffer.from('{}');
    const { records, sinks: s } = sinks();
    const capture = vi.fn((body: Buffer | null, scrub: (text: string) => string) => ({
      requestHeaders: {},
      requestBody: body?.toString() ?? null,
      responseBody: scrub('echo sk-up'),
    }));
    finishRecord(ctx, res, capture, s);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      status: 502,
      errorMessage: 'upstream said [REDACTED] is bad',
      capture: { requestBody: '{}', responseBody: 'echo [REDACTED]' },
    });
  });

  it('logs 499 for a client that left before any answer', () => {
    const { ctx, res } = request(200, false);
    ctx.record.cancelled = true;
    const { records, sinks: s } = sinks();
    finishRecord(ctx, res, null, s);
    expect(records[0]?.status).toBe(499);
  });

  it("releases the request's hold on the limits with the tokens it used", () => {
    const { ctx, res } = request();
    const hold: LimitHold = { tokenId: 't', claims: [] };
    ctx.record.limitHold = hold;
    ctx.record.usage = {
      inputTokens: 3,
      outputTokens: 4,
      totalTokens: 7,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    };
    const release = vi.fn();
    const { sinks: s } = sinks({ ledger: { release } as unknown as LimitLedger });
    finishRecord(ctx, res, null, s);
    expect(release).toHaveBeenCalledWith(hold, { tokens: 7 });
  });

  it('survives a record hook that throws, and says so', () => {
    const { ctx, res } = request();
    const lines: string[] = [];
    const { sinks: s } = sinks({
      onRecord: () => {
        throw new Error('disk full');
      },
      log: (line) => lines.push(line),
    });
    expect(() => finishRecord(ctx, res, null, s)).not.toThrow();
    expect(lines).toEqual(['request record hook failed: Error: disk full']);
  });
});
