import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, toolToken, type ServicesFixture } from './services-fixture.ts';
import { NO_LIMITS } from '../../../shared/no-limits.ts';

let fx: ServicesFixture;
beforeAll(async () => {
  // sim-anthropic is always rate limited, asking for a wait no route waits out.
  fx = await startServices({
    simulator: { modelFaults: { 'sim-anthropic': '[[sim:429:retry-after=60]]' } },
  });
});
afterAll(() => fx.close());

async function chat(token: string, model: string): Promise<Response> {
  const response = await fetch(`${fx.services.status().gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await response.text();
  return response;
}

describe('routes', () => {
  it('saves routes checked against the catalog, lists what it says of them, deletes them', async () => {
    await expect(
      fx.call('routes.save', { name: 'sim-chat', models: ['sim-gemini'] }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message:
        "'sim-chat' is a model in the catalog; a route may take its name only when it shadows it (the 'shadow' option).",
    });
    const saved = await fx.call('routes.save', {
      name: 'coding',
      models: ['next-model', 'sim-gemini', 'sim-chat'],
      firstByteTimeoutMs: 20_000,
    });
    expect(saved.warnings).toEqual([
      "'next-model' is not in the catalog now; the route skips it until it is.",
    ]);
    expect(saved.route).toMatchObject({
      name: 'coding',
      formats: ['gemini'],
      missing: ['next-model'],
      shadowsModel: false,
      firstByteTimeoutMs: 20_000,
    });
    await expect(
      fx.call('routes.save', { name: 'coding', models: ['sim-chat'] }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      fx.call('routes.save', { name: 'two words', models: ['x'] }),
    ).rejects.toMatchObject({ code: 'bad_request' });

    const { routes, defaults } = await fx.call('routes.list');
    expect(routes.map((r) => r.name)).toEqual(['coding']);
    expect(defaults).toEqual({ firstByteTimeoutMs: 60_000, maxRetryAfterMs: 2_000 });

    await fx.call('routes.delete', { name: 'coding' });
    await expect(fx.call('routes.delete', { name: 'coding' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('tests each model of a route through the gateway; a failing one stops none', async () => {
    await fx.call('routes.save', { name: 'tested', models: ['sim-anthropic', 'sim-chat'] });
    const results = await fx.call('routes.test', { name: 'tested' });
    expect(results.map((r) => [r.model, r.ok, r.status])).toEqual([
      ['sim-anthropic', false, 429],
      ['sim-chat', true, 200],
    ]);
    expect(results[1]!.text).not.toBe('');
    expect(results[0]!.text).toMatch(/rate/i);
  });

  it('says once when a route moved on from a failing model', async () => {
    await fx.call('routes.save', { name: 'fallback', models: ['sim-anthropic', 'sim-gemini'] });
    const token = await toolToken(fx, 'agent');
    expect((await chat(token, 'fallback')).status).toBe(200);
    expect((await chat(token, 'fallback')).status).toBe(200);
    const notice = await fx.waitForEvent('route.fallback', (n) => n.modelRoute === 'fallback');
    expect(notice).toMatchObject({
      asked: 'fallback',
      servedModel: 'sim-gemini',
      attempts: [
        { model: 'sim-anthropic', status: 429 },
        { model: 'sim-gemini', outcome: 'answered' },
      ],
    });
    await fx.call('logs.search', { filter: {}, limit: 1 });
    expect(
      fx.events.filter(
        (e) =>
          e.event === 'route.fallback' &&
          (e.payload as { modelRoute: string }).modelRoute === 'fallback',
      ),
    ).toHaveLength(1);
  });
});

describe('limits', () => {
  it('sets, reads and refuses limits; reports budgets with what is spent, and alerts', async () => {
    const token = await toolToken(fx, 'budgeted');
    const id = (await fx.call('tokens.list')).find((t) => t.name === 'budgeted')!.id;
    expect(await fx.call('limits.get', { tokenId: id })).toEqual({ ...NO_LIMITS });
    await expect(
      fx.call('limits.set', {
        tokenId: id,
        limits: {
          dailyUsd: 1,
          weeklyUsd: null,
          monthlyUsd: null,
          rpm: null,
          tpm: null,
          models: null,
          thenRoute: 'nowhere',
        },
      }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    await expect(fx.call('limits.get', { tokenId: 'tok_nope' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      fx.call('limits.set', {
        tokenId: id,
        limits: {
          dailyUsd: -1,
          weeklyUsd: null,
          monthlyUsd: null,
          rpm: null,
          tpm: null,
          models: null,
          thenRoute: null,
        },
      }),
    ).rejects.toMatchObject({ code: 'bad_request', message: /dailyUsd/ });

    // A budget so small that one request spends it.
    const limits = {
      dailyUsd: 0.000001,
      weeklyUsd: null,
      monthlyUsd: null,
      rpm: null,
      tpm: null,
      models: null,
      thenRoute: null,
    };
    expect(await fx.call('limits.set', { tokenId: id, limits })).toEqual(limits);
    expect(await fx.call('limits.status')).toEqual([
      expect.objectContaining({ tokenName: 'budgeted', period: 'day', spentUsd: 0 }),
    ]);
    expect((await chat(token, 'sim-chat')).status).toBe(200);
    const alert = await fx.waitForEvent('budget.alert', (a) => a.tokenId === id);
    expect(alert).toMatchObject({ period: 'day', level: 'spent', limitUsd: 0.000001 });
    const [status] = await fx.call('limits.status');
    expect(status!.spentUsd).toBeGreaterThan(0.000001);
    expect(status!.resetsAt).toBeGreaterThan(Date.now());
  });
});
