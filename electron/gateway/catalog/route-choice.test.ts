import { describe, expect, it } from 'vitest';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { CatalogModel } from './catalog-model.ts';
import { chooseRoute } from './route-choice.ts';

const model = (formats: WireFormat[]): CatalogModel => ({
  id: 'm',
  ownedBy: 'o',
  created: 0,
  markers: [],
  formats,
  markersKnown: true,
  tariff: null,
  overridden: { markers: false, tariff: false },
});

describe('chooseRoute', () => {
  it('passes through when the model supports the client’s format', () => {
    expect(chooseRoute(model(['gemini', 'chat']), 'chat')).toEqual({
      kind: 'passthrough',
      format: 'chat',
    });
  });
  it('translates to the model’s preferred format otherwise', () => {
    expect(chooseRoute(model(['gemini', 'chat']), 'responses')).toEqual({
      kind: 'translate',
      from: 'responses',
      to: 'gemini',
    });
  });
  it('gives no route for a model without generation formats', () => {
    expect(chooseRoute(model([]), 'chat')).toBeNull();
  });
});
