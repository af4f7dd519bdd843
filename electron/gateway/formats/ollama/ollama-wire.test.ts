import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import {
  matchOllamaPath,
  newOllamaResponseId,
  ollamaEndpointOf,
  ollamaEndpointOfBody,
  ollamaUpstreamPath,
  ownsOllamaPath,
  readOllamaEnvelope,
} from './ollama-wire.ts';

describe('Ollama paths', () => {
  it('serves /api/chat and /api/generate, and owns every /api/ path for errors', () => {
    expect(matchOllamaPath('/api/chat')).toEqual({ endpoint: 'chat' });
    expect(matchOllamaPath('/api/generate')).toEqual({ endpoint: 'generate' });
    expect(matchOllamaPath('/api/embed')).toBeUndefined();
    expect(matchOllamaPath('/v1/chat/completions')).toBeUndefined();
    expect(ownsOllamaPath('/api/embed')).toBe(true);
    expect(ownsOllamaPath('/v1/models')).toBe(false);
  });

  it('asks an upstream on /api/chat, or on /api/generate for a passed-through generate', () => {
    expect(ollamaUpstreamPath('m', true)).toBe('/api/chat');
    const generate = readOllamaEnvelope({ model: 'm', prompt: 'x' }, { endpoint: 'generate' });
    expect(ollamaUpstreamPath('m', true, generate)).toBe('/api/generate');
    const chat = readOllamaEnvelope({ model: 'm', messages: [] }, { endpoint: 'chat' });
    expect(ollamaUpstreamPath('m', false, chat)).toBe('/api/chat');
  });

  it('gives internal response ids', () => {
    expect(newOllamaResponseId()).toMatch(/^ollama-[0-9a-f]{24}$/);
  });
});

describe('readOllamaEnvelope', () => {
  it('streams unless the body says stream: false (Ollama’s default is true)', () => {
    const chat = { endpoint: 'chat' as const };
    expect(readOllamaEnvelope({ model: 'm', messages: [] }, chat).stream).toBe(true);
    expect(readOllamaEnvelope({ model: 'm', messages: [], stream: true }, chat).stream).toBe(true);
    expect(readOllamaEnvelope({ model: 'm', messages: [], stream: false }, chat).stream).toBe(
      false,
    );
  });

  it('reads the cap from options.num_predict and keeps the endpoint of the path', () => {
    const envelope = readOllamaEnvelope(
      { model: 'm', prompt: 'x', options: { num_predict: 64 } },
      { endpoint: 'generate' },
    );
    expect(envelope).toMatchObject({ model: 'm', maxOutputTokens: 64, endpoint: 'generate' });
    expect(ollamaEndpointOf(envelope)).toBe('generate');
    const uncapped = readOllamaEnvelope(
      { model: 'm', prompt: 'x', options: { num_predict: -1 } },
      { endpoint: 'generate' },
    );
    expect(uncapped.maxOutputTokens).toBeUndefined();
  });

  it('names what is missing or malformed', () => {
    expect(errorOf(() => readOllamaEnvelope({ messages: [] }, { endpoint: 'chat' }))).toMatchObject(
      {
        status: 400,
        param: 'model',
      },
    );
    expect(
      errorOf(() => readOllamaEnvelope({ model: 'm', prompt: 3 }, { endpoint: 'generate' })).param,
    ).toBe('prompt');
    expect(
      errorOf(() => readOllamaEnvelope({ model: 'm', stream: 'yes' }, { endpoint: 'chat' })).param,
    ).toBe('stream');
  });

  it('tells the endpoint from the body when the path said nothing', () => {
    expect(readOllamaEnvelope({ model: 'm', messages: [] }, {}).endpoint).toBe('chat');
    expect(readOllamaEnvelope({ model: 'm', prompt: 'x' }, {}).endpoint).toBe('generate');
    expect(ollamaEndpointOfBody({ messages: [] })).toBe('chat');
    expect(ollamaEndpointOfBody({ prompt: '' })).toBe('generate');
  });
});
