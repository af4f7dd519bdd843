import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_GROUP_RATIO, SIM_KEYS, SIM_PRICING, startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { authHeaders } from './test-helpers.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

async function getJson(path: string, key?: string): Promise<{ status: number; body: unknown }> {
  const headers = key === undefined ? {} : authHeaders(key);
  const res = await fetch(sim.url + path, { headers });
  return { status: res.status, body: await res.json() };
}

describe('GET /v1/models', () => {
  it('lists every model for the full key, in the OpenAI list shape with markers', async () => {
    const { status, body } = await getJson('/v1/models', SIM_KEYS.full);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, object: 'list' });
    const data = (body as { data: Record<string, unknown>[] }).data;
    expect(data.map((m) => m.id)).toEqual([
      'sim-chat',
      'sim-responses',
      'sim-gemini',
      'sim-anthropic',
      'sim-ollama',
      'sim-all',
      'sim-gemini-chat',
      'sim-per-call',
      'sim-embed',
      'sim-no-markers',
    ]);
    expect(data[0]).toEqual({
      id: 'sim-chat',
      object: 'model',
      created: 1_700_000_000,
      owned_by: 'sim',
      supported_endpoint_types: ['openai'],
    });
    const byId = new Map(data.map((m) => [m.id, m]));
    expect(byId.get('sim-all')?.supported_endpoint_types).toEqual([
      'openai',
      'openai-response',
      'gemini',
      'anthropic',
      'ollama',
    ]);
    expect(byId.get('sim-anthropic')?.supported_endpoint_types).toEqual(['anthropic']);
    expect(byId.get('sim-ollama')?.supported_endpoint_types).toEqual(['ollama']);
    expect(byId.get('sim-gemini-chat')?.supported_endpoint_types).toEqual(['gemini', 'openai']);
    expect(byId.get('sim-embed')?.supported_endpoint_types).toEqual(['embeddings']);
    expect(byId.get('sim-no-markers')).not.toHaveProperty('supported_endpoint_types');
  });

  it('scopes the list to the key', async () => {
    const limited = await getJson('/v1/models', SIM_KEYS.limited);
    const ids = (limited.body as { data: { id: string }[] }).data.map((m) => m.id);
    expect(ids).toEqual(['sim-chat', 'sim-gemini']);
    const broke = await getJson('/v1/models', SIM_KEYS.broke);
    expect((broke.body as { data: unknown[] }).data).toHaveLength(10);
  });

  it('serves a single entry, or 404 outside the key scope', async () => {
    const one = await getJson('/v1/models/sim-gemini', SIM_KEYS.limited);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 'sim-gemini', supported_endpoint_types: ['gemini'] });
    const hidden = await getJson('/v1/models/sim-all', SIM_KEYS.limited);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: { code: 'model_not_found', param: 'model' } });
  });

  it('answers 401 without a valid Bearer key, even with x-goog-api-key', async () => {
    expect((await getJson('/v1/models')).status).toBe(401);
    expect((await getJson('/v1/models', 'sk-not-a-sim-key')).status).toBe(401);
    const goog = await fetch(`${sim.url}/v1/models`, {
      headers: { 'x-goog-api-key': SIM_KEYS.full },
    });
    expect(goog.status).toBe(401);
    expect(await goog.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key' },
    });
  });
});

describe('GET /api/pricing', () => {
  it('returns the tariff document with SIM_PRICING numbers', async () => {
    const { status, body } = await getJson('/api/pricing', SIM_KEYS.limited);
    expect(status).toBe(200);
    const doc = body as {
      success: boolean;
      data: Record<string, unknown>[];
      group_ratio: unknown;
      usable_group: unknown;
    };
    expect(doc.success).toBe(true);
    expect(doc.group_ratio).toEqual(SIM_GROUP_RATIO);
    expect(doc.usable_group).toEqual({ default: 'Default' });
    expect(doc.data).toHaveLength(Object.keys(SIM_PRICING).length);
    const chat = doc.data.find((e) => e.model_name === 'sim-chat');
    expect(chat).toEqual({
      model_name: 'sim-chat',
      quota_type: 0,
      model_ratio: 0.075,
      completion_ratio: 4,
      cache_ratio: 0.5,
      model_price: 0,
      enable_groups: ['default'],
      supported_endpoint_types: ['openai'],
    });
    const perCall = doc.data.find((e) => e.model_name === 'sim-per-call');
    expect(perCall).toMatchObject({ quota_type: 1, model_price: 0.02 });
    for (const entry of doc.data) {
      expect(entry).toMatchObject(SIM_PRICING[String(entry.model_name)] ?? {});
    }
  });

  it('needs a key, and refuses it in the relay’s own shape, not Ollama’s (also under /api/)', async () => {
    const refused = await getJson('/api/pricing');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});

describe('routing errors', () => {
  it('404 for an unknown path, 405 for a wrong method, in the path family shape', async () => {
    const unknown = await getJson('/v1/embeddingz', SIM_KEYS.full);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { type: 'invalid_request_error' } });

    const wrong = await fetch(`${sim.url}/v1/chat/completions`, { headers: authHeaders() });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.headers.get('content-type')).toBe('application/json');

    const native = await fetch(`${sim.url}/v1beta/models/sim-gemini:generateContent`, {
      headers: authHeaders(),
    });
    expect(native.status).toBe(405);
    expect(await native.json()).toMatchObject({ error: { code: 405 } });

    const v1native = await fetch(`${sim.url}/v1/models/sim-gemini:generateContent`, {
      method: 'POST',
      headers: authHeaders(),
      body: '{}',
    });
    expect(v1native.status).toBe(404);
  });

  it('405 and 401 on the Ollama paths are Ollama-shaped', async () => {
    const wrong = await fetch(`${sim.url}/api/chat`, { headers: authHeaders() });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(await wrong.json()).toEqual({ error: expect.any(String) as unknown });
    const anonymous = await fetch(`${sim.url}/api/generate`, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.any(String) as unknown });
  });

  it('401 on the native path is Google-shaped', async () => {
    const res = await fetch(`${sim.url}/v1beta/models/sim-gemini:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': SIM_KEYS.full },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 401, message: expect.any(String) as unknown, status: 'UNAUTHENTICATED' },
    });
  });
});

describe('a relay with a big catalog (relayModels)', () => {
  it('lists model-1…model-N after SIM_MODELS, by vendors of a hundred, priced and answering', async () => {
    const relay = await startSimulator({ relayModels: 250 });
    try {
      const models = await fetch(`${relay.url}/v1/models`, { headers: authHeaders() });
      const data = ((await models.json()) as { data: { id: string; owned_by: string }[] }).data;
      expect(data).toHaveLength(10 + 250);
      expect(data[10]).toMatchObject({ id: 'model-1', owned_by: 'vendor-1' });
      expect(data.at(-1)).toMatchObject({ id: 'model-250', owned_by: 'vendor-3' });
      const pricing = await fetch(`${relay.url}/api/pricing`, { headers: authHeaders() });
      const tariffs = ((await pricing.json()) as { data: { model_name: string }[] }).data;
      expect(tariffs.map((t) => t.model_name)).toEqual(data.map((m) => m.id));
      const one = await fetch(`${relay.url}/v1/models/model-200`, { headers: authHeaders() });
      expect(await one.json()).toMatchObject({ id: 'model-200', owned_by: 'vendor-2' });
      // model-5 speaks chat completions (each relay model speaks one format, in turn).
      const answer = await fetch(`${relay.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { ...authHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'model-5', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(answer.status).toBe(200);
    } finally {
      await relay.close();
    }
  });

  it('lists only SIM_MODELS by default', async () => {
    const models = await getJson('/v1/models', SIM_KEYS.full);
    expect((models.body as { data: unknown[] }).data).toHaveLength(10);
  });
});
