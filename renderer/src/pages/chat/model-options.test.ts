import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { groupModelOptions, initialActive, selectableOptions } from './model-options.ts';

function model(id: string, ownedBy: string, formats: ModelInfo['formats']): ModelInfo {
  return {
    id,
    ownedBy,
    markers: [],
    formats,
    translatedFormats: [],
    tariff: null,
    inputPerMillion: null,
    outputPerMillion: null,
    perCall: null,
    overridden: { markers: false, tariff: false },
  };
}

const MODELS = [
  model('gpt-4o', 'openai', ['chat']),
  model('text-embed', 'openai', []),
  model('gemini-2.5-pro', 'google', ['gemini']),
  model('gemini-2.5-flash', 'google', ['gemini', 'chat']),
];

describe('the model picker options', () => {
  it('groups by owner, by name, with models that cannot chat last and explained', () => {
    const groups = groupModelOptions(MODELS, '');
    expect(groups.map((g) => g.owner)).toEqual(['google', 'openai']);
    expect(groups[0]?.options.map((o) => o.model.id)).toEqual([
      'gemini-2.5-flash',
      'gemini-2.5-pro',
    ]);
    const openai = groups[1]?.options ?? [];
    expect(openai.map((o) => [o.model.id, o.unavailable !== null])).toEqual([
      ['gpt-4o', false],
      ['text-embed', true],
    ]);
    expect(openai[1]?.unavailable).toMatch(/Cannot chat/);
    expect(selectableOptions(groups).map((m) => m.id)).not.toContain('text-embed');
  });

  it('filters on every word of the query, in the id or the owner', () => {
    const ids = (q: string) =>
      groupModelOptions(MODELS, q).flatMap((g) => g.options.map((o) => o.model.id));
    expect(ids('GEMINI flash')).toEqual(['gemini-2.5-flash']);
    expect(ids('openai')).toEqual(['gpt-4o', 'text-embed']);
    expect(ids('nothing-like-it')).toEqual([]);
  });

  it('starts the highlight on the exact id typed, else the current model, else the first', () => {
    const all = selectableOptions(groupModelOptions(MODELS, ''));
    expect(initialActive(all, 'gpt-4o', null)).toBe('gpt-4o');
    expect(initialActive(all, '', 'gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(initialActive(all, '', 'text-embed')).toBe('gemini-2.5-flash');
    expect(initialActive([], 'x', null)).toBeNull();
  });
});
