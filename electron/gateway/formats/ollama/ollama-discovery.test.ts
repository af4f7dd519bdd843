import type { ListResponse, ShowResponse, VersionResponse } from 'ollama';
import { describe, expect, it } from 'vitest';
import { catalogModel } from '../../../../test/doubles/formats/ollama-test-support.ts';
import {
  OLLAMA_DISCOVERY,
  ollamaModelNotFound,
  ollamaPsBody,
  ollamaShowBody,
  ollamaTagsBody,
  ollamaVersionBody,
  readOllamaShowRequest,
} from './ollama-discovery.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

const model = catalogModel;

const catalog = [
  model('gpt-4o'),
  model('text-embedding-3-small', { formats: [], markers: ['embeddings'] }),
  model('fast', { ownedBy: 'route', routeOf: ['gpt-4o', 'gemini-2.5-flash'] }),
];

describe('GET /api/tags', () => {
  it('lists every generation model, routes included, in ollama-js’s ListResponse shape', () => {
    const body: {
      models: Omit<ListResponse['models'][number], 'expires_at' | 'size_vram' | 'modified_at'>[];
    } = ollamaTagsBody(catalog);
    expect(body.models.map((entry) => entry.name)).toEqual(['gpt-4o', 'fast']);
    expect(body.models[0]).toEqual({
      name: 'gpt-4o',
      model: 'gpt-4o',
      modified_at: '2025-01-01T00:00:00.000Z',
      size: 0,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      details: {
        parent_model: '',
        format: 'gateway',
        family: 'openai',
        families: ['openai'],
        parameter_size: '',
        quantization_level: '',
      },
    });
    expect(body.models[1]?.details.family).toBe('route');
  });

  it('gives each model a stable digest of its own', () => {
    const [a, b] = ollamaTagsBody([model('a'), model('b')]).models;
    expect(a?.digest).toBe(ollamaTagsBody([model('a')]).models[0]?.digest);
    expect(a?.digest).not.toBe(b?.digest);
  });
});

describe('POST /api/show', () => {
  it('describes one model with what clients read: capabilities and the context window', () => {
    const body = ollamaShowBody(catalog[0]!) as unknown as ShowResponse & {
      model_info: Record<string, unknown>;
    };
    expect(body.capabilities).toEqual(['completion', 'tools', 'vision']);
    // VS Code Copilot reads model_info[`${general.architecture}.context_length`].
    const arch = body.model_info['general.architecture'] as string;
    expect(body.model_info[`${arch}.context_length`]).toBe(128_000);
    expect(body.model_info['general.basename']).toBe('gpt-4o');
    expect(body.modelfile).toMatch(/^# gpt-4o, served by the local model gateway\nFROM gpt-4o\n$/);
    expect(body).toMatchObject({
      parameters: '',
      template: '',
      modified_at: '2025-01-01T00:00:00.000Z',
    });
  });

  it('names a route’s models, and gives nothing for a model no Ollama client can use', () => {
    const route = ollamaShowBody(catalog[2]!) as { model_info: Record<string, unknown> };
    expect(route.model_info['general.basename']).toBe('fast (route: gpt-4o → gemini-2.5-flash)');
    expect(ollamaShowBody(catalog[1]!)).toBeUndefined();
  });

  it('reads the model asked for, model or its deprecated name, and answers 404 as Ollama does', () => {
    expect(readOllamaShowRequest({ model: 'gpt-4o' })).toBe('gpt-4o');
    expect(readOllamaShowRequest({ name: 'gpt-4o', verbose: true })).toBe('gpt-4o');
    expect(errorOf(() => readOllamaShowRequest({})).message).toBe('model is required');
    expect(ollamaModelNotFound('x')).toMatchObject({ status: 404, message: "model 'x' not found" });
  });
});

describe('version and ps', () => {
  it('says a current Ollama version every client accepts', () => {
    const body: VersionResponse = ollamaVersionBody();
    const [major, minor] = body.version.split('.').map(Number);
    // VS Code Copilot's Ollama provider needs 0.6.4 or later.
    expect(major === 0 && (minor ?? 0) >= 7).toBe(true);
  });

  it('lists no running models', () => {
    expect(ollamaPsBody()).toEqual({ models: [] });
  });
});

describe('OLLAMA_DISCOVERY', () => {
  it('owns /api/tags, claims no shared list request, and shapes list and one', () => {
    expect(OLLAMA_DISCOVERY.ownPaths).toEqual(['/api/tags']);
    expect(OLLAMA_DISCOVERY.claims({}, 'bearer')).toBe(false);
    expect(OLLAMA_DISCOVERY.list(catalog)).toEqual(ollamaTagsBody(catalog));
    expect(OLLAMA_DISCOVERY.one(catalog[0]!)).toEqual(ollamaShowBody(catalog[0]!));
  });
});
