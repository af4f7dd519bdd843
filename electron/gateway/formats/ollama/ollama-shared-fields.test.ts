import { describe, expect, it } from 'vitest';
import { ollamaSharedFields } from './ollama-shared-fields.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

describe('ollamaSharedFields', () => {
  it('streams when stream is absent, as Ollama does', () => {
    expect(ollamaSharedFields({}, testContext())).toEqual({ sampling: {}, stream: true });
    expect(ollamaSharedFields({ stream: false }, testContext()).stream).toBe(false);
  });

  it('reads format, think and options together', () => {
    expect(
      ollamaSharedFields(
        { format: 'json', think: 'high', options: { temperature: 0 } },
        testContext(),
      ),
    ).toEqual({
      sampling: { temperature: 0 },
      responseFormat: { type: 'json' },
      reasoning: { effort: 'high', includeThoughts: true },
      stream: true,
    });
  });

  it('carries logprobs only when they ask for nothing', () => {
    expect(ollamaSharedFields({ logprobs: false, top_logprobs: 0 }, testContext()).stream).toBe(
      true,
    );
    expect(errorOf(() => ollamaSharedFields({ logprobs: true }, testContext()))).toMatchObject({
      param: 'logprobs',
      code: 'unsupported_parameter',
    });
    expect(errorOf(() => ollamaSharedFields({ top_logprobs: 5 }, testContext())).param).toBe(
      'top_logprobs',
    );
  });
});
