import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../shared/contract.ts';
import { startServices, toolToken, type ServicesFixture } from './services-fixture.ts';

let fx: ServicesFixture;
let token: string;
const requestIds: string[] = [];

async function chat(model: string, content: string): Promise<number> {
  const response = await fetch(`${fx.services.status().gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
  });
  requestIds.push(response.headers.get('x-request-id')!);
  await response.text();
  return response.status;
}

beforeAll(async () => {
  fx = await startServices();
  token = await toolToken(fx, 'editor');
  expect(await chat('sim-chat', 'one')).toBe(200);
  expect(await chat('sim-gemini', 'two')).toBe(200);
  expect(await chat('sim-chat', 'three [[sim:500]]')).toBe(500);
  // Every request's row committed and announced.
  await fx.waitForEvent('logs.appended', () =>
    requestIds.every((id) =>
      fx.events.some(
        (e) =>
          e.event === 'logs.appended' && (e.payload as LogEntry[]).some((r) => r.requestId === id),
      ),
    ),
  );
});
afterAll(() => fx.close());

describe('usage', () => {
  it('totals and groups the requests made', async () => {
    const totals = await fx.call('usage.totals', {});
    expect(totals).toMatchObject({ requests: 3, errors: 1 });
    expect(totals.inputTokens).toBeGreaterThan(0);
    expect(totals.costUsd).toBeGreaterThan(0);
    const byModel = await fx.call('usage.by', { by: 'model' });
    expect(Object.fromEntries(byModel.map((g) => [g.key, g.requests]))).toEqual({
      'sim-chat': 2,
      'sim-gemini': 1,
    });
    const byToken = await fx.call('usage.by', { by: 'token' });
    expect(byToken.map((g) => g.key)).toEqual(['editor']);
    const byRoute = await fx.call('usage.by', { by: 'route' });
    expect(byRoute.map((g) => g.key).sort()).toEqual([
      'chat→chat (passthrough)',
      'chat→gemini (translated)',
    ]);
    const series = await fx.call('usage.series', { bucket: 'hour' });
    expect(series.reduce((n, p) => n + p.requests, 0)).toBe(3);
    expect(await fx.call('usage.totals', { from: Date.now() + 60_000 })).toMatchObject({
      requests: 0,
    });
  });
});

describe('logs', () => {
  it('searches with filters and pages, and gets one entry', async () => {
    const errors = await fx.call('logs.search', {
      filter: { status: 'error' },
      limit: 10,
    });
    expect(errors.total).toEqual({ count: 1, atLeast: false });
    expect(errors.rows[0]).toMatchObject({ status: 500, client: 'editor', model: 'sim-chat' });
    expect(errors.rows[0]).not.toHaveProperty('clientTokenId');
    const page = await fx.call('logs.search', { filter: {}, limit: 2 });
    expect(page).toMatchObject({ total: { count: 3, atLeast: false }, searchedTo: null });
    expect(page.rows).toHaveLength(2);
    const rest = await fx.call('logs.search', { filter: {}, limit: 2, after: page.next! });
    expect(rest).toMatchObject({ next: null, total: null });
    expect([...page.rows, ...rest.rows].map((row) => row.requestId).sort()).toEqual(
      [...requestIds].sort(),
    );
    const one = await fx.call('logs.get', { requestId: requestIds[1]! });
    expect(one).toMatchObject({ model: 'sim-gemini', route: 'translated' });
    expect(await fx.call('logs.get', { requestId: 'req_missing' })).toBeNull();
  });

  it('exports CSV and JSONL with a dated file name', async () => {
    const csv = await fx.call('logs.export', { format: 'csv', filter: {} });
    expect(csv.filename).toMatch(/^model-gateway-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.content.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^id,requestId,startedAt,client,/);
    for (const id of requestIds) expect(csv.content).toContain(id);
    const jsonl = await fx.call('logs.export', {
      format: 'jsonl',
      filter: { model: 'sim-gemini' },
    });
    expect(jsonl.filename).toMatch(/\.jsonl$/);
    const rows = jsonl.content
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { model: string });
    expect(rows.map((r) => r.model)).toEqual(['sim-gemini']);
  });

  it('announces new rows as logs.appended events', () => {
    const announced = fx.events
      .filter((e) => e.event === 'logs.appended')
      .flatMap((e) => e.payload as LogEntry[]);
    expect(announced.map((r) => r.requestId)).toEqual(expect.arrayContaining(requestIds));
    expect(announced.find((r) => r.requestId === requestIds[2])).toMatchObject({ status: 500 });
  });
});

describe('tokens', () => {
  it('creates (secret shown once), lists and revokes; a revoked token is refused', async () => {
    const { token: secret, info } = await fx.call('tokens.create', { name: 'cli-tool' });
    expect(secret).toMatch(/^mgw_/);
    const listed = await fx.call('tokens.list');
    expect(listed.find((t) => t.id === info.id)).toEqual(info);
    expect(JSON.stringify(listed)).not.toContain(secret);
    await expect(fx.call('tokens.create', { name: 'cli-tool' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await fx.call('tokens.revoke', { id: info.id });
    const url = fx.services.status().gateway.url!;
    const refused = await fetch(`${url}/v1/models`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(401);
    await expect(fx.call('tokens.revoke', { id: info.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('method calls', () => {
  it('refuses unknown methods and invalid params, naming the field', async () => {
    await expect(fx.services.handle('nope.nothing', {})).rejects.toMatchObject({
      code: 'bad_request',
      message: "Unknown method 'nope.nothing'.",
    });
    await expect(fx.services.handle('logs.search', { filter: {}, limit: 0 })).rejects.toMatchObject(
      { code: 'bad_request', message: expect.stringMatching(/^limit:/) },
    );
    await expect(fx.services.handle('tokens.create', { nmae: 'x' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/name/),
    });
  });
});
