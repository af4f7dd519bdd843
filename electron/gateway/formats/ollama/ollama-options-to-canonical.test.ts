import { describe, expect, it } from 'vitest';
import { ollamaOptionsToCanonical } from './ollama-options-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

describe('ollamaOptionsToCanonical', () => {
  it('carries the sampling settings every format has', () => {
    const ctx = testContext();
    expect(
      ollamaOptionsToCanonical(
        {
          temperature: 0.3,
          top_p: 0.9,
          top_k: 40,
          num_predict: 128,
          stop: ['\n\n', 'END'],
          seed: 42,
          presence_penalty: 0.5,
          frequency_penalty: 0.25,
        },
        ctx,
      ),
    ).toEqual({
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 128,
      stop: ['\n\n', 'END'],
      seed: 42,
      presencePenalty: 0.5,
      frequencyPenalty: 0.25,
    });
    expect(ctx.dropped).toEqual([]);
  });

  it('reads -1 and -2 as no cap, and refuses a cap that is not a positive integer', () => {
    expect(ollamaOptionsToCanonical({ num_predict: -1 }, testContext())).toEqual({});
    expect(ollamaOptionsToCanonical({ num_predict: -2 }, testContext())).toEqual({});
    expect(errorOf(() => ollamaOptionsToCanonical({ num_predict: 0 }, testContext())).param).toBe(
      'options.num_predict',
    );
    expect(errorOf(() => ollamaOptionsToCanonical({ num_predict: 1.5 }, testContext())).param).toBe(
      'options.num_predict',
    );
  });

  it('takes a lone stop string and refuses a stop list that holds something else', () => {
    expect(ollamaOptionsToCanonical({ stop: 'END' }, testContext())).toEqual({ stop: ['END'] });
    expect(ollamaOptionsToCanonical({ stop: [] }, testContext())).toEqual({});
    expect(errorOf(() => ollamaOptionsToCanonical({ stop: [1] }, testContext())).param).toBe(
      'options.stop',
    );
  });

  it('drops the runtime options by name and reads nothing from no options', () => {
    const ctx = testContext();
    expect(ollamaOptionsToCanonical({ num_ctx: 4096, use_mmap: true }, ctx)).toEqual({});
    expect(ctx.dropped).toEqual(['options.num_ctx', 'options.use_mmap']);
    expect(ollamaOptionsToCanonical(undefined, testContext())).toEqual({});
    expect(errorOf(() => ollamaOptionsToCanonical('hot', testContext())).param).toBe('options');
  });
});
