import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../shared/contract.ts';
import { groupChoices } from './model-options.ts';
import { NONE_KEY, pickerRows, selectableRows } from './picker-rows.ts';

const model = (id: string, ownedBy: string, chat = true): ModelInfo => ({
  id,
  ownedBy,
  markers: [],
  formats: chat ? ['chat'] : [],
  translatedFormats: [],
  tariff: null,
  inputPerMillion: null,
  outputPerMillion: null,
  perCall: null,
  overridden: { markers: false, tariff: false },
});

describe('the rows of a model picker', () => {
  const models = [model('b-1', 'beta'), model('a-2', 'alpha'), model('a-1', 'alpha', false)];
  const groups = groupChoices(models, [], '', (c) =>
    c.kind === 'model' && c.model.formats.length === 0 ? 'no chat' : null,
  );

  it('puts each group’s label before its entries, with their place in the group', () => {
    const rows = pickerRows(groups, null);
    expect(rows.map((r) => r.key)).toEqual([
      'label:owner:alpha',
      'model:a-2',
      'model:a-1',
      'label:owner:beta',
      'model:b-1',
    ]);
    const a1 = rows[2];
    expect(a1?.kind === 'option' && [a1.position, a1.groupSize]).toEqual([2, 2]);
  });

  it('moves through the clearing entry and the entries that can be picked only', () => {
    const rows = pickerRows(groups, 'Same as the main model');
    expect(rows[0]).toEqual({ kind: 'none', key: NONE_KEY, label: 'Same as the main model' });
    expect(selectableRows(rows).map((i) => rows[i]?.key)).toEqual([
      NONE_KEY,
      'model:a-2',
      'model:b-1',
    ]);
  });
});
