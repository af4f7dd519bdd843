import type { GenerateRequest } from 'ollama';
import { describe, expect, it } from 'vitest';
import { ollamaGenerateToCanonical } from './ollama-generate-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { IMAGES } from '../../../../test/doubles/formats/ollama-test-support.ts';

const decode = (body: GenerateRequest | Record<string, unknown>, ctx = testContext()) =>
  ollamaGenerateToCanonical(body as Record<string, unknown>, ctx);

describe('ollamaGenerateToCanonical', () => {
  it('makes prompt and images one user turn and system the system text', () => {
    expect(
      decode({
        model: 'llava',
        prompt: 'Describe it.',
        system: 'You are a curator.',
        images: [IMAGES.gif],
        stream: false,
        options: { seed: 7 },
      }),
    ).toEqual({
      model: 'llava',
      system: 'You are a curator.',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'image', source: { kind: 'data', mimeType: 'image/gif', data: IMAGES.gif } },
            { type: 'text', text: 'Describe it.' },
          ],
        },
      ],
      sampling: { seed: 7 },
      stream: false,
    });
  });

  it('carries empty local-only fields (what Go clients and context round trips send)', () => {
    expect(
      decode({
        model: 'm',
        prompt: 'x',
        suffix: '',
        template: '',
        context: [],
        raw: false,
        system: '',
      }),
    ).toMatchObject({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'x' }] }] });
  });

  it('refuses filled local-only fields, each with its reason', () => {
    expect(errorOf(() => decode({ model: 'm', prompt: 'x', context: [1, 2, 3] })).message).toMatch(
      /'context' cannot be translated: it holds token ids/,
    );
    expect(errorOf(() => decode({ model: 'm', prompt: 'def f(', suffix: 'return x' })).param).toBe(
      'suffix',
    );
    expect(
      errorOf(() => decode({ model: 'm', prompt: 'x', template: '{{ .Prompt }}' })).param,
    ).toBe('template');
    expect(errorOf(() => decode({ model: 'm', prompt: '[INST] x [/INST]', raw: true })).param).toBe(
      'raw',
    );
    expect(
      errorOf(() => decode({ model: 'm', prompt: 'a cat', width: 512, height: 512 })).param,
    ).toBe('width');
    expect(
      errorOf(() => decode({ model: 'm', prompt: 'x', messages: [{ role: 'user', content: 'y' }] }))
        .param,
    ).toBe('messages');
  });

  it('refuses a load request (no prompt, no images)', () => {
    expect(errorOf(() => decode({ model: 'm' })).param).toBe('prompt');
    expect(errorOf(() => decode({ model: 'm', prompt: '' })).param).toBe('prompt');
  });

  it('carries a top-level stop (ollama-ai-provider-v2’s completion model) with options.stop', () => {
    expect(decode({ model: 'm', prompt: 'user:\nHi\n\nassistant:\n', stop: ['\nuser:'] })).toEqual(
      expect.objectContaining({ sampling: { stop: ['\nuser:'] } }),
    );
    expect(
      decode({ model: 'm', prompt: 'x', stop: ['\nuser:', 'END'], options: { stop: ['END'] } })
        .sampling,
    ).toEqual({ stop: ['END', '\nuser:'] });
    expect(decode({ model: 'm', prompt: 'x', stop: [] }).sampling).toEqual({});
    expect(errorOf(() => decode({ model: 'm', prompt: 'x', stop: [1] })).param).toBe('stop');
  });
});
