import { describe, expect, it } from 'vitest';
import { PartialArgs, parseJsonPath } from './gemini-partial-args.ts';

describe('parseJsonPath', () => {
  it('reads members, indices and quoted names', () => {
    expect(parseJsonPath('$.recipe.ingredients[3].name')).toEqual([
      'recipe',
      'ingredients',
      3,
      'name',
    ]);
    expect(parseJsonPath("$['a b'][0]")).toEqual(['a b', 0]);
    expect(parseJsonPath('$')).toEqual([]);
    expect(parseJsonPath('recipe')).toBeUndefined();
    expect(parseJsonPath('$..x')).toBeUndefined();
  });
});

describe('PartialArgs', () => {
  it('builds nested objects and arrays, continuing strings across pieces', () => {
    const args = new PartialArgs();
    const pieces = [
      { jsonPath: '$.operations[0].action', stringValue: 'add', willContinue: true },
      { jsonPath: '$.operations[0].action', stringValue: '' },
      { jsonPath: '$.operations[0].price', numberValue: 0.5 },
      { jsonPath: '$.steps[0]', stringValue: 'Cook noodles, drain', willContinue: true },
      { jsonPath: '$.steps[0]', stringValue: '.', willContinue: true },
      { jsonPath: '$.steps[0]', stringValue: '' },
      { jsonPath: '$.done', boolValue: true },
      { jsonPath: '$.note', nullValue: 'NULL_VALUE' },
    ];
    for (const piece of pieces) expect(args.apply(piece)).toBe(true);
    expect(args.value()).toEqual({
      operations: [{ action: 'add', price: 0.5 }],
      steps: ['Cook noodles, drain.'],
      done: true,
      note: null,
    });
  });

  it('replaces a finished string rather than appending to it', () => {
    const args = new PartialArgs();
    args.apply({ jsonPath: '$.a', stringValue: 'x' });
    args.apply({ jsonPath: '$.a', stringValue: 'y' });
    expect(args.value()).toEqual({ a: 'y' });
  });

  it('refuses pieces without a readable path or value', () => {
    const args = new PartialArgs();
    expect(args.apply({ stringValue: 'x' })).toBe(false);
    expect(args.apply({ jsonPath: 'a', stringValue: 'x' })).toBe(false);
    expect(args.apply({ jsonPath: '$.a' })).toBe(false);
  });
});
