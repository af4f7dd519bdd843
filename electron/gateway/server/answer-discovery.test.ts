import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { anthropicCodec } from '../formats/anthropic/anthropic-codec.ts';
import { DEFAULT_CODEC } from '../formats/codecs.ts';
import { geminiCodec } from '../formats/gemini/gemini-codec.ts';
import { GEMINI_TOKEN_SOURCES } from '../formats/gemini/gemini-wire.ts';
import type { GatewayPolicy } from '../policy/gateway-policy.ts';
import type { TokenLimits } from '../policy/limits.ts';
import { answerDiscovery, discoveryCodec } from './answer-discovery.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { RequestContext } from './request-context.ts';

const model = (id: string): CatalogModel => ({
  id,
  ownedBy: 'sim',
  created: 1,
  markers: ['openai', 'gemini'],
  formats: ['chat', 'gemini'],
  markersKnown: true,
  tariff: null,
  overridden: { markers: false, tariff: false },
});

const CATALOG = [model('alpha'), model('beta')];
const NO_LIMITS: TokenLimits = {
  dailyUsd: null,
  weeklyUsd: null,
  monthlyUsd: null,
  rpm: null,
  tpm: null,
  models: null,
  thenRoute: null,
};
/** A place only Gemini's clients put the token (the codec tells formats apart by it). */
const GOOGLE_KEY = GEMINI_TOKEN_SOURCES[0] ?? 'bearer';

function deps(policy: Partial<GatewayPolicy> | null = null): GenerationDeps {
  const byId = new Map(CATALOG.map((m) => [m.id, m]));
  return {
    upstream: () => ({ keyId: () => Promise.resolve('key'), baseUrl: 'http://up' }) as never,
    catalog: {
      get: () => Promise.resolve({ models: CATALOG, byId, fetchedAt: 0 }),
      find: (_key: string, id: string) => Promise.resolve(byId.get(id)),
    } as unknown as CatalogCache,
    policy: policy as GatewayPolicy | null,
  } as unknown as GenerationDeps;
}

const context = (headers: Record<string, string> = {}, tokenId: string | null = null) =>
  ({
    headers,
    signal: new AbortController().signal,
    id: 'req',
    record: { clientTokenId: tokenId },
  }) as unknown as RequestContext;

/** A response that keeps what sendJson wrote. */
function response() {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    writeHead(status: number) {
      sent.status = status;
    },
    end(payload: string) {
      sent.body = JSON.parse(payload);
    },
  } as unknown as ServerResponse;
  return { res, sent };
}

describe('discoveryCodec', () => {
  it("keeps the path's own format, else asks each format whether the client is its own", () => {
    expect(discoveryCodec(geminiCodec, {}, 'bearer')).toBe(geminiCodec);
    expect(discoveryCodec(undefined, { 'anthropic-version': '2023-06-01' }, 'bearer')).toBe(
      anthropicCodec,
    );
    expect(discoveryCodec(undefined, {}, GOOGLE_KEY)).toBe(geminiCodec);
    expect(discoveryCodec(undefined, {}, 'bearer')).toBe(DEFAULT_CODEC);
  });
});

describe('answerDiscovery', () => {
  it('lists the catalog in the shape of the client that asked', async () => {
    const { res, sent } = response();
    await answerDiscovery(
      deps(),
      context(),
      { kind: 'list-models', codec: undefined },
      'bearer',
      res,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ object: 'list', data: [{ id: 'alpha' }, { id: 'beta' }] });
    const gemini = response();
    await answerDiscovery(
      deps(),
      context(),
      { kind: 'list-models', codec: undefined },
      GOOGLE_KEY,
      gemini.res,
    );
    expect(gemini.sent.body).toMatchObject({ models: [{ name: 'models/alpha' }, {}] });
  });

  it("lists routes beside the models, and only what the token's allow list names", async () => {
    const policy: Partial<GatewayPolicy> = {
      routes: () => [
        {
          name: 'coding',
          models: ['beta'],
          shadow: false,
          firstByteTimeoutMs: null,
          maxRetryAfterMs: null,
        },
      ],
      limits: (tokenId) =>
        tokenId === 't1' ? { ...NO_LIMITS, models: ['alpha', 'coding'] } : undefined,
    };
    const open = response();
    await answerDiscovery(
      deps(policy),
      context(),
      { kind: 'list-models', codec: undefined },
      'bearer',
      open.res,
    );
    expect((open.sent.body as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      'alpha',
      'beta',
      'coding',
    ]);
    const limited = response();
    await answerDiscovery(
      deps(policy),
      context({}, 't1'),
      { kind: 'list-models', codec: undefined },
      'bearer',
      limited.res,
    );
    expect((limited.sent.body as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      'alpha',
      'coding',
    ]);
    const hidden = response();
    await expect(
      answerDiscovery(
        deps(policy),
        context({}, 't1'),
        { kind: 'get-model', model: 'beta', codec: undefined },
        'bearer',
        hidden.res,
      ),
    ).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
  });

  it('answers one model, and 404 for one the key does not reach', async () => {
    const { res, sent } = response();
    await answerDiscovery(
      deps(),
      context(),
      { kind: 'get-model', model: 'beta', codec: undefined },
      'bearer',
      res,
    );
    expect(sent.body).toMatchObject({ id: 'beta', object: 'model' });
    await expect(
      answerDiscovery(
        deps(),
        context(),
        { kind: 'get-model', model: 'gone', codec: undefined },
        'bearer',
        response().res,
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});
