import { describe, expect, it } from 'vitest';
import { markersFor, otherMarkers, priceOfTariff } from './tariff-price.ts';

describe('priceOfTariff', () => {
  it('prices token tariffs at ratio × group × $2 per million', () => {
    expect(
      priceOfTariff({
        kind: 'tokens',
        modelRatio: 1.25,
        groupRatio: 1,
        completionRatio: 4,
        cacheRatio: 0.25,
      }),
    ).toEqual({
      inputPerMillion: 2.5,
      outputPerMillion: 10,
      cachedPerMillion: 0.625,
      perCall: null,
    });
  });

  it('prices per-call tariffs at price × group', () => {
    expect(priceOfTariff({ kind: 'per-call', modelPrice: 0.04, groupRatio: 0.5 }).perCall).toBe(
      0.02,
    );
  });
});

describe('markersFor', () => {
  it('puts the preferred format first and keeps other markers', () => {
    expect(markersFor(['chat', 'gemini'], 'gemini', ['openai', 'embeddings'])).toEqual([
      'gemini',
      'openai',
      'embeddings',
    ]);
    expect(markersFor(['responses'], null, [])).toEqual(['openai-response']);
    expect(otherMarkers(['openai', 'image-generation'])).toEqual(['image-generation']);
  });
});
