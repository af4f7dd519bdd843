import { describe, expect, it } from 'vitest';
import { ollamaLoadAnswer, ollamaLoadRequest } from './ollama-load-request.ts';

describe('Ollama load requests', () => {
  it('finds a chat without messages and a generate without prompt', () => {
    expect(ollamaLoadRequest('chat', { model: 'm' })).toBe('load');
    expect(ollamaLoadRequest('chat', { model: 'm', messages: [] })).toBe('load');
    expect(ollamaLoadRequest('chat', { model: 'm', messages: [], keep_alive: 0 })).toBe('unload');
    expect(ollamaLoadRequest('generate', { model: 'm', prompt: '' })).toBe('load');
    expect(ollamaLoadRequest('generate', { model: 'm', keep_alive: '0s' })).toBe('unload');
    expect(
      ollamaLoadRequest('chat', { model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    ).toBeUndefined();
    expect(ollamaLoadRequest('generate', { model: 'm', prompt: 'x' })).toBeUndefined();
    expect(ollamaLoadRequest('generate', { model: 'm', images: ['iVBOR'] })).toBeUndefined();
  });

  it('answers as Ollama does: one done record with the reason', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(ollamaLoadAnswer('chat', 'llama3.2', 'load', now)).toEqual({
      model: 'llama3.2',
      created_at: '2025-01-01T00:00:00.000Z',
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: 'load',
    });
    expect(ollamaLoadAnswer('generate', 'llama3.2', 'unload', now)).toEqual({
      model: 'llama3.2',
      created_at: '2025-01-01T00:00:00.000Z',
      response: '',
      done: true,
      done_reason: 'unload',
    });
  });
});
