import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../gateway/catalog/catalog-model.ts';
import { toModelInfo } from './model-info.ts';
import { WIRE_FORMATS, type WireFormat } from '../../shared/wire-formats.ts';

const model = (over: Partial<CatalogModel>): CatalogModel => ({
  id: 'm',
  ownedBy: 'o',
  created: 0,
  markers: ['gemini'],
  formats: ['gemini'],
  markersKnown: true,
  tariff: null,
  overridden: { markers: false, tariff: false },
  ...over,
});

describe('toModelInfo', () => {
  it('prices token tariffs per million: ratio × group × $2, output × completion ratio', () => {
    const info = toModelInfo(
      model({
        tariff: {
          kind: 'tokens',
          modelRatio: 1.5,
          completionRatio: 4,
          cacheRatio: 0.5,
          groupRatio: 0.8,
        },
      }),
    );
    expect(info.inputPerMillion).toBeCloseTo(2.4);
    expect(info.outputPerMillion).toBeCloseTo(9.6);
    expect(info.perCall).toBeNull();
  });

  it('prices per-call tariffs per call, group ratio applied', () => {
    const info = toModelInfo(
      model({ tariff: { kind: 'per-call', modelPrice: 0.05, groupRatio: 2 } }),
    );
    expect(info).toMatchObject({ perCall: 0.1, inputPerMillion: null, outputPerMillion: null });
  });

  it('lists the client formats reached only through translation', () => {
    // Derived from the format list: every format but the model's own, in the list's order.
    const others = (...own: WireFormat[]) => WIRE_FORMATS.filter((f) => !own.includes(f));
    expect(toModelInfo(model({})).translatedFormats).toEqual(others('gemini'));
    expect(toModelInfo(model({})).translatedFormats).toContain('anthropic');
    expect(
      toModelInfo(model({ formats: ['responses', 'chat'], markers: ['openai-response', 'openai'] }))
        .translatedFormats,
    ).toEqual(others('responses', 'chat'));
    expect(toModelInfo(model({ formats: [], markers: ['embeddings'] })).translatedFormats).toEqual(
      [],
    );
  });

  it('keeps the catalog’s internals out', () => {
    expect(Object.keys(toModelInfo(model({}))).sort()).toEqual(
      [
        'formats',
        'id',
        'inputPerMillion',
        'markers',
        'outputPerMillion',
        'overridden',
        'ownedBy',
        'perCall',
        'tariff',
        'translatedFormats',
      ].sort(),
    );
  });
});
