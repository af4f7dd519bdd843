import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { post, userChat } from './test-helpers.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ journalLimit: 5 });
});
afterAll(() => sim.close());

describe('journal', () => {
  it('records method, path, query, lower-cased headers, body, key and status', async () => {
    sim.clearJournal();
    const body = { model: 'sim-chat', messages: userChat('journal me') };
    const res = await fetch(`${sim.url}/v1/chat/completions?trace=1`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${SIM_KEYS.full}`,
        'Content-Type': 'application/json',
        'X-Request-Id': 'caller-42',
      },
      body: JSON.stringify(body),
    });
    expect(res.headers.get('x-request-id')).toMatch(/^sim-\d+$/);
    await res.text();
    const entry = await sim.waitFor((e) => e.finished);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: { trace: '1' },
      key: SIM_KEYS.full,
      status: 200,
      body,
      rawBody: JSON.stringify(body),
      clientClosedEarly: false,
      finished: true,
    });
    expect(entry.headers['x-request-id']).toBe('caller-42');
    expect(entry.headers.authorization).toBe(`Bearer ${SIM_KEYS.full}`);
    expect(entry.time).toBeLessThanOrEqual(Date.now());
  });

  it('keeps only the newest journalLimit entries', async () => {
    for (let i = 0; i < 8; i++) await (await fetch(`${sim.url}/v1/models?i=${i}`)).text();
    expect(sim.journal).toHaveLength(5);
    expect(sim.journal.map((e) => e.query.i)).toEqual(['3', '4', '5', '6', '7']);
    const ids = sim.journal.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    sim.clearJournal();
    expect(sim.journal).toHaveLength(0);
  });

  it('marks clientClosedEarly when the caller aborts a stream', async () => {
    const controller = new AbortController();
    const res = await post(
      `${sim.url}/v1/chat/completions`,
      { model: 'sim-chat', stream: true, messages: userChat('abort me [[sim:slow-chunks=50]]') },
      SIM_KEYS.full,
      { signal: controller.signal },
    );
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    const entry = await sim.waitFor(
      (e) => e.rawBody.includes('abort me') && e.clientClosedEarly,
      2000,
    );
    expect(entry.finished).toBe(false);
    expect(entry.status).toBe(200);
  });

  it('waitFor rejects after its timeout', async () => {
    await expect(sim.waitFor(() => false, 20)).rejects.toThrow(/20 ms/);
  });
});
