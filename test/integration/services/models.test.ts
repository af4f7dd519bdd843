import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_FORMATS } from '../../../shared/wire-formats.ts';
import { SIM_PRICING } from '../../upstream-sim/index.ts';
import { startServices, toolToken, type ServicesFixture } from './services-fixture.ts';

let fx: ServicesFixture;
beforeAll(async () => {
  fx = await startServices();
});
afterAll(() => fx.close());

describe('models', () => {
  it('lists the key’s catalog with formats, translated formats and prices', async () => {
    const models = await fx.call('models.list', {});
    const byId = new Map(models.map((m) => [m.id, m]));
    const gemini = byId.get('sim-gemini')!;
    expect(gemini.formats).toEqual(['gemini']);
    // Every other format reaches it through translation, in the list's order.
    expect(gemini.translatedFormats).toEqual(WIRE_FORMATS.filter((f) => f !== 'gemini'));
    expect(gemini.translatedFormats).toContain('anthropic');
    expect(gemini.markers).toEqual(['gemini']);
    // 0.625 × group ratio 1 × $2 per million; output × completion ratio 6.
    expect(gemini.inputPerMillion).toBeCloseTo(1.25);
    expect(gemini.outputPerMillion).toBeCloseTo(7.5);
    expect(gemini.perCall).toBeNull();
    const all = byId.get('sim-all')!;
    expect(all.translatedFormats).toEqual([]);
    const perCall = byId.get('sim-per-call')!;
    expect(perCall.perCall).toBeCloseTo(SIM_PRICING['sim-per-call']!.model_price);
    expect(perCall.inputPerMillion).toBeNull();
    // An embeddings model is listed but reached by no generation format.
    expect(byId.get('sim-embed')).toMatchObject({ formats: [], translatedFormats: [] });
    expect(byId.get('sim-no-markers')?.formats).toEqual(['chat']);
  });

  it('applies an override to the list and to the gateway’s own catalog, and clears it', async () => {
    const tariff = {
      kind: 'tokens' as const,
      modelRatio: 10,
      completionRatio: 2,
      cacheRatio: 1,
      groupRatio: 1,
    };
    const after = await fx.call('models.setOverride', {
      modelId: 'sim-chat',
      override: { markers: ['gemini', 'openai'], tariff },
    });
    const chat = after.find((m) => m.id === 'sim-chat')!;
    expect(chat).toMatchObject({
      formats: ['gemini', 'chat'],
      translatedFormats: WIRE_FORMATS.filter((f) => f !== 'gemini' && f !== 'chat'),
      inputPerMillion: 20,
      outputPerMillion: 40,
      overridden: { markers: true, tariff: true },
    });

    // The gateway's own catalog has the override too: a request is metered at its tariff.
    const url = fx.services.status().gateway.url!;
    const token = await toolToken(fx, 'models-test');
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-chat', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    await response.text();
    await expect
      .poll(() => fx.call('logs.get', { requestId }))
      .toMatchObject({
        client: 'models-test',
        route: 'passthrough',
        tariff,
      });

    const cleared = await fx.call('models.clearOverride', { modelId: 'sim-chat' });
    expect(cleared.find((m) => m.id === 'sim-chat')).toMatchObject({
      formats: ['chat'],
      overridden: { markers: false, tariff: false },
    });
  });

  it('refuses a malformed override, naming the field', async () => {
    await expect(
      fx.call('models.setOverride', {
        modelId: 'sim-chat',
        override: { tariff: { kind: 'tokens', modelRatio: -1 } as never },
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/override\.tariff/),
    });
  });
});

describe('models without an upstream', () => {
  it('says why there is no list', async () => {
    const bare = await startServices({ withProfile: false });
    try {
      await expect(bare.call('models.list', {})).rejects.toMatchObject({ code: 'no_upstream' });
    } finally {
      await bare.close();
    }
  });
});
