import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordUsage } from '../../electron/gateway/server/request-record.ts';
import { SIM_PRICING } from '../upstream-sim/index.ts';
import { recordFor, startHarness, type Harness } from './harness.ts';
import { post } from './http-helpers.ts';
import { WIRE_FORMATS, type WireFormat } from '../../shared/wire-formats.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Format = WireFormat;
const MODELS = ['sim-chat', 'sim-responses', 'sim-gemini', 'sim-anthropic'] as const;
const UPSTREAM_FORMAT: Record<(typeof MODELS)[number], Format> = {
  'sim-chat': 'chat',
  'sim-responses': 'responses',
  'sim-gemini': 'gemini',
  'sim-anthropic': 'anthropic',
};
const MESSAGES_HEADERS = { 'anthropic-version': '2023-06-01' };

/** The same question in each client format. */
function clientRequest(
  format: Format,
  model: string,
  stream: boolean,
  prompt: string,
): { path: string; body: object } {
  if (format === 'chat')
    return {
      path: '/v1/chat/completions',
      body: { model, stream, messages: [{ role: 'user', content: prompt }] },
    };
  if (format === 'responses')
    return { path: '/v1/responses', body: { model, stream, input: prompt } };
  if (format === 'anthropic')
    return {
      path: '/v1/messages',
      body: { model, stream, max_tokens: 1024, messages: [{ role: 'user', content: prompt }] },
    };
  const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return {
    path: `/v1beta/models/${model}:${method}`,
    body: { contents: [{ role: 'user', parts: [{ text: prompt }] }] },
  };
}

type Json = Record<string, unknown>;
const n = (v: unknown): number => (typeof v === 'number' ? v : 0);

/**
 * Asks the simulator directly, non-streamed, with the body the gateway sent it, and maps the
 * usage it reports in OpenAI's convention: the simulator's own count is the reference.
 */
async function simulatorUsage(
  format: Format,
  model: string,
  upstreamBody: string,
): Promise<Omit<RecordUsage, 'totalTokens'>> {
  const body = JSON.parse(upstreamBody) as Json;
  delete body.stream;
  delete body.stream_options;
  const path =
    format === 'chat'
      ? '/v1/chat/completions'
      : format === 'responses'
        ? '/v1/responses'
        : format === 'anthropic'
          ? '/v1/messages'
          : `/v1beta/models/${model}:generateContent`;
  const response = await fetch(`${h.sim.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${h.sim.keys.full}`,
      'content-type': 'application/json',
      ...MESSAGES_HEADERS,
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (format === 'chat') {
    const u = answer.usage as Json;
    return {
      inputTokens: n(u.prompt_tokens),
      outputTokens: n(u.completion_tokens),
      cachedInputTokens: n((u.prompt_tokens_details as Json | undefined)?.cached_tokens),
      cacheWriteTokens: 0,
      reasoningTokens: n((u.completion_tokens_details as Json | undefined)?.reasoning_tokens),
    };
  }
  if (format === 'responses') {
    const u = answer.usage as Json;
    return {
      inputTokens: n(u.input_tokens),
      outputTokens: n(u.output_tokens),
      cachedInputTokens: n((u.input_tokens_details as Json | undefined)?.cached_tokens),
      cacheWriteTokens: 0,
      reasoningTokens: n((u.output_tokens_details as Json | undefined)?.reasoning_tokens),
    };
  }
  if (format === 'anthropic') {
    // Messages counts cache reads and writes outside input_tokens; OpenAI's convention inside.
    const u = answer.usage as Json;
    const read = n(u.cache_read_input_tokens);
    const written = n(u.cache_creation_input_tokens);
    return {
      inputTokens: n(u.input_tokens) + read + written,
      outputTokens: n(u.output_tokens),
      cachedInputTokens: read,
      cacheWriteTokens: written,
      reasoningTokens: n((u.output_tokens_details as Json | undefined)?.reasoning_tokens),
    };
  }
  const u = answer.usageMetadata as Json;
  return {
    inputTokens: n(u.promptTokenCount) + n(u.toolUsePromptTokenCount),
    outputTokens: n(u.candidatesTokenCount) + n(u.thoughtsTokenCount),
    cachedInputTokens: n(u.cachedContentTokenCount),
    cacheWriteTokens: 0,
    reasoningTokens: n(u.thoughtsTokenCount),
  };
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

describe.each(WIRE_FORMATS)('metering a %s client', (clientFormat) => {
  describe.each(MODELS)('on %s', (model) => {
    it.each([false, true])(
      'stream=%s: tokens equal the simulator’s usage, cost equals the tariff',
      async (stream) => {
        h.sim.clearJournal();
        const { path, body } = clientRequest(
          clientFormat,
          model,
          stream,
          `[[sim:cached=3]] metering ${clientFormat} ${model} ${stream}`,
        );
        const response = await post(h, path, body, { headers: MESSAGES_HEADERS });
        expect(response.status).toBe(200);
        await response.text();
        const record = await recordFor(h, response.headers.get('x-request-id')!);
        const upstreamFormat = UPSTREAM_FORMAT[model];
        expect(record.route).toBe(upstreamFormat === clientFormat ? 'passthrough' : 'translated');

        const generation = h.sim.journal.find((e) => e.method === 'POST')!;
        const expected = await simulatorUsage(upstreamFormat, model, generation.rawBody);
        expect(record.usageEstimated).toBe(false);
        expect(record.usage).toEqual({
          ...expected,
          totalTokens: expected.inputTokens + expected.outputTokens,
        });
        expect(record.usage!.cachedInputTokens).toBe(3);
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
