import { describe, expect, it } from 'vitest';
import type { CatalogModel } from './catalog-model.ts';
import { applyOverride } from './apply-override.ts';

const base: CatalogModel = {
  id: 'm',
  ownedBy: 'o',
  created: 0,
  markers: [],
  formats: ['chat'],
  markersKnown: false,
  tariff: null,
  overridden: { markers: false, tariff: false },
};

describe('applyOverride', () => {
  it('replaces markers and derived formats', () => {
    const model = applyOverride(base, { markers: ['gemini', 'openai'] });
    expect(model).toMatchObject({
      markers: ['gemini', 'openai'],
      formats: ['gemini', 'chat'],
      markersKnown: true,
      overridden: { markers: true, tariff: false },
    });
  });
  it('replaces the tariff alone', () => {
    const tariff = { kind: 'per-call' as const, modelPrice: 1, groupRatio: 1 };
    expect(applyOverride(base, { tariff })).toMatchObject({
      tariff,
      formats: ['chat'],
      overridden: { markers: false, tariff: true },
    });
  });
  it('leaves the model alone without an override', () => {
    expect(applyOverride(base, undefined)).toBe(base);
  });
});
