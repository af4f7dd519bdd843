import { describe, expect, it } from 'vitest';
import { catalogModel } from '../../../../test/doubles/formats/ollama-test-support.ts';
import type { RequestEnvelope } from '../../canonical/format-codec.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { answerOllamaLoad, OLLAMA_LOCAL_ROUTES } from './ollama-local-routes.ts';

const model = catalogModel;

const catalog = [
  model('gpt-4o'),
  model('text-embedding-3-small', { formats: [], markers: ['embeddings'] }),
];

function route(method: string, path: string) {
  const found = OLLAMA_LOCAL_ROUTES.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no local route ${method} ${path}`);
  return found;
}

describe('the Ollama routes answered from the catalog', () => {
  it('shows a generation model by `model`, or by the older `name`', () => {
    const show = route('POST', '/api/show');
    for (const body of [{ model: 'gpt-4o' }, { name: 'gpt-4o' }]) {
      const shown = show.answer(catalog, body) as Record<string, unknown>;
      expect(shown.capabilities).toContain('completion');
      expect(shown.modelfile).toContain('FROM gpt-4o');
    }
  });

  it("answers Ollama's 404 for a model not there or not for generation, and 400 without one", () => {
    const show = route('POST', '/api/show');
    expect(errorOf(() => show.answer(catalog, { model: 'nope' }))).toMatchObject({
      status: 404,
      message: "model 'nope' not found",
    });
    expect(errorOf(() => show.answer(catalog, { model: 'text-embedding-3-small' })).status).toBe(
      404,
    );
    expect(errorOf(() => show.answer(catalog, {})).status).toBe(400);
    expect(errorOf(() => show.answer(catalog, ['gpt-4o'])).status).toBe(400);
  });

  it('says its version and that nothing is loaded', () => {
    const version = route('GET', '/api/version').answer(catalog, undefined) as {
      version: string;
    };
    expect(version.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(route('GET', '/api/ps').answer(catalog, undefined)).toEqual({ models: [] });
  });
});

describe('load requests', () => {
  const envelope = (body: Record<string, unknown>): RequestEnvelope => ({
    model: 'gpt-4o',
    stream: true,
    body: { model: 'gpt-4o', ...body },
  });

  it('answers a chat without messages and a generate without prompt at once', () => {
    expect(answerOllamaLoad(envelope({ messages: [] }))).toMatchObject({
      model: 'gpt-4o',
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: 'load',
    });
    expect(answerOllamaLoad(envelope({ prompt: '', keep_alive: 0 }))).toMatchObject({
      response: '',
      done: true,
      done_reason: 'unload',
    });
  });

  it('leaves every request with something to answer to the model', () => {
    expect(answerOllamaLoad(envelope({ messages: [{ role: 'user', content: 'Hi' }] }))).toBe(
      undefined,
    );
    expect(answerOllamaLoad(envelope({ prompt: 'Hi' }))).toBeUndefined();
  });
});
