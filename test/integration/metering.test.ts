import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordUsage } from '../../electron/gateway/server/request-record.ts';
import { SIM_PRICING } from '../upstream-sim/index.ts';
import { recordFor, startHarness, type Harness } from './harness.ts';
import { post } from './http-helpers.ts';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { KIT_LIST } from '../format-kits/kits.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/**
 * Asks the simulator directly, not streamed, what the gateway asked it (its path and body, as
 * the upstream's kit asks it whole), and reads the usage it reports in the gateway's terms: the
 * simulator's own count is the reference.
 */
async function simulatorUsage(upstream: FormatKit, path: string, upstreamBody: string) {
  const whole = upstream.upstream.wholeRequest(
    path,
    JSON.parse(upstreamBody) as Record<string, unknown>,
  );
  const { headers } = upstream.upstream.recordingRequest(upstream.nativeModel, '', false);
  const response = await fetch(`${h.sim.url}${whole.path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${h.sim.keys.full}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(whole.body),
  });
  expect(response.status).toBe(200);
  return upstream.upstream.usage(await response.json());
}

/** The relay's cost formula, written out by hand for the simulator's token tariffs (group ratio 1). */
function handCost(model: string, usage: RecordUsage): number {
  const t = SIM_PRICING[model]!;
  const uncached = usage.inputTokens - usage.cachedInputTokens;
  return (
    ((uncached +
      usage.cachedInputTokens * t.cache_ratio +
      usage.outputTokens * t.completion_ratio) *
      t.model_ratio *
      2) /
    1_000_000
  );
}

describe.each(KIT_LIST)('metering a $format client', (client) => {
  describe.each(KIT_LIST)('on $nativeModel', (upstream) => {
    const model = upstream.nativeModel;
    it.each([false, true])(
      'stream=%s: tokens equal the simulator’s usage, cost equals the tariff',
      async (stream) => {
        h.sim.clearJournal();
        const request = client.client.request(
          model,
          `[[sim:cached=3]] metering ${client.format} ${model} ${stream}`,
          stream,
        );
        const response = await post(h, request.path, request.body, { headers: request.headers });
        expect(response.status).toBe(200);
        await response.text();
        const record = await recordFor(h, response.headers.get('x-request-id')!);
        expect(record.route).toBe(upstream === client ? 'passthrough' : 'translated');

        const generation = h.sim.journal.find((e) => e.method === 'POST')!;
        const expected = await simulatorUsage(upstream, generation.path, generation.rawBody);
        // The three cached tokens the prompt asked for, where the format can report them.
        if (expected.cachedInputTokens !== null) expect(expected.cachedInputTokens).toBe(3);
        expect(record.usageEstimated).toBe(false);
        expect(record.usage).toEqual({
          ...expected,
          cachedInputTokens: expected.cachedInputTokens ?? 0,
          totalTokens: expected.inputTokens + expected.outputTokens,
        });
        expect(record.usage!.outputTokens).toBeGreaterThan(0);
        expect(record.costUsd).toBeCloseTo(handCost(model, record.usage!), 12);
        expect(record.tariff).toMatchObject({
          kind: 'tokens',
          modelRatio: SIM_PRICING[model]!.model_ratio,
        });
      },
    );
  });
});

describe('per-call tariffs and estimates', () => {
  it('charges a per-call model its price whatever the tokens', async () => {
    const response = await post(h, '/v1/responses', { model: 'sim-per-call', input: 'per call' });
    await response.text();
    const record = await recordFor(h, response.headers.get('x-request-id')!);
    expect(record.route).toBe('translated');
    expect(record.costUsd).toBeCloseTo(SIM_PRICING['sim-per-call']!.model_price, 12);
  });

  it('estimates and flags the usage of a stream cancelled before its usage arrived', async () => {
    const controller = new AbortController();
    const response = await post(
      h,
      '/v1/chat/completions',
      {
        model: 'sim-chat',
        stream: true,
        messages: [{ role: 'user', content: '[[sim:slow-chunks=100]] [[sim:long=50]] cancel' }],
      },
      { signal: controller.signal },
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    controller.abort();
    const record = await recordFor(h, response.headers.get('x-request-id')!);
    expect(record.cancelled).toBe(true);
    expect(record.usageEstimated).toBe(true);
    expect(record.usage!.outputTokens).toBeGreaterThan(0);
    expect(record.usage!.inputTokens).toBeGreaterThan(0);
    expect(record.costUsd).toBeGreaterThan(0);
  });

  it('meters nothing for an upstream error', async () => {
    const response = await post(h, '/v1/chat/completions', {
      model: 'sim-chat',
      messages: [{ role: 'user', content: '[[sim:500]]' }],
    });
    await response.text();
    const record = await recordFor(h, response.headers.get('x-request-id')!);
    expect(record.status).toBe(500);
    expect(record.usage).toBeNull();
  });
});

describe('user overrides', () => {
  it('prices a model by the user’s tariff override instead of the upstream’s', async () => {
    const overridden = await startHarness({
      gateway: {
        catalogSources: {
          overrides: () =>
            new Map([
              [
                'sim-chat',
                { tariff: { kind: 'per-call' as const, modelPrice: 1.5, groupRatio: 1 } },
              ],
            ]),
        },
      },
    });
    try {
      const response = await post(overridden, '/v1/chat/completions', {
        model: 'sim-chat',
        messages: [{ role: 'user', content: 'override' }],
      });
      await response.text();
      const record = await recordFor(overridden, response.headers.get('x-request-id')!);
      expect(record.costUsd).toBe(1.5);
      const list = (await (
        await fetch(`${overridden.url}/v1/models`, {
          headers: { authorization: `Bearer ${overridden.token}` },
        })
      ).json()) as { data: { id: string }[] };
      expect(list.data.map((m) => m.id)).toContain('sim-chat');
    } finally {
      await overridden.close();
    }
  });
});
