import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, recordFor, type Harness } from './harness.ts';
import { chatBody, GEMINI_STREAM_PATH, geminiBody, post, responsesBody } from './http-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const attemptsAt = (path: string) => h.sim.journal.filter((e) => e.path === path).length;

describe('retries', () => {
  it('retries 503 until the upstream answers, invisibly to the client', async () => {
    h.sim.clearJournal();
    const response = await post(
      h,
      '/v1/chat/completions',
      chatBody('[[sim:fail-first=2:503]] retry me'),
    );
    expect(response.status).toBe(200);
    expect(attemptsAt('/v1/chat/completions')).toBe(3);
    const record = await recordFor(h, response.headers.get('x-request-id')!);
    expect(record.attempts).toBe(3);
  });

  it('retries 429 honouring a short Retry-After, streaming included', async () => {
    h.sim.clearJournal();
    const response = await post(
      h,
      GEMINI_STREAM_PATH,
      geminiBody('[[sim:fail-first=1:429]] stream retry'),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data: ');
    expect(attemptsAt('/v1beta/models/sim-gemini:streamGenerateContent')).toBe(2);
  });

  it('gives up after the retry budget and passes the last answer on', async () => {
    h.sim.clearJournal();
    const response = await post(
      h,
      '/v1/responses',
      responsesBody('[[sim:fail-first=5:503]] too many'),
    );
    expect(response.status).toBe(503);
    expect(attemptsAt('/v1/responses')).toBe(3);
  });
});

describe('cancellation', () => {
  it('aborts the upstream request as soon as the client disconnects', async () => {
    h.sim.clearJournal();
    const controller = new AbortController();
    const response = await post(
      h,
      '/v1/chat/completions',
      chatBody('[[sim:slow-chunks=200]] [[sim:long=100]] cancel me', { stream: true }),
      {
        signal: controller.signal,
      },
    );
    const reader = response.body!.getReader();
    await reader.read();
    const requestId = response.headers.get('x-request-id')!;
    controller.abort();
    const entry = await h.sim.waitFor(
      (e) => e.path === '/v1/chat/completions' && e.clientClosedEarly,
      3000,
    );
    expect(entry.finished).toBe(false);
    const record = await recordFor(h, requestId);
    expect(record.cancelled).toBe(true);
  });

  it('aborts an upstream request still waiting for its first byte', async () => {
    h.sim.clearJournal();
    const controller = new AbortController();
    const pending = post(h, '/v1/responses', responsesBody('[[sim:slow-first-byte=3000]] wait'), {
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await h.sim.waitFor((e) => e.path === '/v1/responses', 2000);
    controller.abort();
    await pending;
    await h.sim.waitFor((e) => e.path === '/v1/responses' && e.clientClosedEarly, 3000);
  });
});

describe('mid-stream failures', () => {
  it('ends a cut stream with the format’s in-stream error', async () => {
    const response = await post(
      h,
      '/v1/chat/completions',
      chatBody('[[sim:cut-after=2]] cut', { stream: true }),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    const last = text.trim().split('\n\n').at(-1)!;
    expect(JSON.parse(last.replace(/^data: /, ''))).toMatchObject({
      error: { code: 'upstream_disconnected' },
    });
  });
});
