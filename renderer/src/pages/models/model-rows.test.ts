import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { filterModels, nextModelSort, sortModels } from './model-rows.ts';

const model = (id: string, ownedBy: string, inputPerMillion: number | null = null): ModelInfo => ({
  id,
  ownedBy,
  markers: [],
  formats: ['chat'],
  translatedFormats: [],
  tariff: null,
  inputPerMillion,
  outputPerMillion: null,
  perCall: null,
  overridden: { markers: false, tariff: false },
});

const ids = (models: readonly ModelInfo[]) => models.map((m) => m.id);
const byId = (m: ModelInfo) => m.id;
const byInput = (m: ModelInfo) => m.inputPerMillion;

describe('the Models table’s order', () => {
  const models = [
    model('model-10', 'vendor-2', 3),
    model('Model-1', 'vendor-10', null),
    model('model-2', 'vendor-1', 0.5),
    model('model-11', 'vendor-2', 3),
  ];

  it('sorts names naturally, both ways: model-2 before model-10, case aside', () => {
    expect(ids(sortModels(models, byId, false))).toEqual([
      'Model-1',
      'model-2',
      'model-10',
      'model-11',
    ]);
    expect(ids(sortModels(models, byId, true))).toEqual([
      'model-11',
      'model-10',
      'model-2',
      'Model-1',
    ]);
    expect(ids(sortModels(models, (m) => m.ownedBy, false))).toEqual([
      'model-2',
      'model-10',
      'model-11',
      'Model-1',
    ]);
  });

  it('sorts prices as numbers, missing ones last either way, ties in the catalog’s order', () => {
    expect(ids(sortModels(models, byInput, false))).toEqual([
      'model-2',
      'model-10',
      'model-11',
      'Model-1',
    ]);
    expect(ids(sortModels(models, byInput, true))).toEqual([
      'model-10',
      'model-11',
      'model-2',
      'Model-1',
    ]);
  });

  it('hands back a list already in order as it is', () => {
    const inOrder = sortModels(models, byId, false);
    expect(sortModels(inOrder, byId, false)).toBe(inOrder);
  });

  it('goes up, down, then back to the catalog’s order as a header is clicked', () => {
    const up = nextModelSort(null, 'input');
    expect(up).toEqual({ column: 'input', desc: false });
    const down = nextModelSort(up, 'input');
    expect(down).toEqual({ column: 'input', desc: true });
    expect(nextModelSort(down, 'input')).toBeNull();
    expect(nextModelSort(down, 'id')).toEqual({ column: 'id', desc: false });
  });
});

describe('the Models search', () => {
  const models = [
    model('sim-chat', 'sim'),
    model('gpt-4o', 'OpenAI'),
    model('model-7', 'vendor-1'),
  ];

  it('finds by id or owner, case and surrounding spaces aside', () => {
    expect(ids(filterModels(models, ' CHAT '))).toEqual(['sim-chat']);
    expect(ids(filterModels(models, 'openai'))).toEqual(['gpt-4o']);
    expect(ids(filterModels(models, 'nothing'))).toEqual([]);
  });

  it('hands back the same list for an empty search', () => {
    expect(filterModels(models, '  ')).toBe(models);
  });
});
