import { describe, expect, it } from 'vitest';
import type { ModelInfo, ModelRouteInfo } from '../../../shared/contract.ts';
import { WIRE_FORMATS } from '../../../shared/wire-formats.ts';
import { i18n } from '../i18n/i18n.ts';
import {
  choiceKey,
  chatUnavailableReason,
  groupChoices,
  initialActive,
  prepareChoices,
  resolveChoice,
  routeBadges,
  selectableChoices,
  type UnavailableReason,
} from './model-options.ts';

function model(id: string, ownedBy: string, formats: ModelInfo['formats']): ModelInfo {
  return {
    id,
    ownedBy,
    markers: [],
    formats,
    translatedFormats:
      formats.length > 0 ? (['responses'] as const).filter((f) => !formats.includes(f)) : [],
    tariff: null,
    inputPerMillion: null,
    outputPerMillion: null,
    perCall: null,
    overridden: { markers: false, tariff: false },
  };
}

function route(
  name: string,
  models: string[],
  extra: Partial<ModelRouteInfo> = {},
): ModelRouteInfo {
  return {
    name,
    models,
    shadow: false,
    firstByteTimeoutMs: null,
    maxRetryAfterMs: null,
    createdAt: 0,
    updatedAt: 0,
    formats: [],
    missing: [],
    shadowsModel: false,
    ...extra,
  };
}

const MODELS = [
  model('gpt-4o', 'openai', ['chat']),
  model('text-embed', 'openai', []),
  model('gemini-2.5-pro', 'google', ['gemini']),
  model('gemini-2.5-flash', 'google', ['gemini', 'chat']),
];

const chat: UnavailableReason = (c) => (c.kind === 'model' ? chatUnavailableReason(c.model) : null);

describe('the model picker options', () => {
  it('groups by owner, by name, with models that cannot be picked last and explained', () => {
    const groups = groupChoices(MODELS, [], '', chat);
    expect(groups.map((g) => g.label)).toEqual(['google', 'openai']);
    expect(groups[0]?.options.map((o) => o.id)).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro']);
    const openai = groups[1]?.options ?? [];
    expect(openai.map((o) => [o.id, o.unavailable !== null])).toEqual([
      ['gpt-4o', false],
      ['text-embed', true],
    ]);
    expect(openai[1]?.unavailable).toMatch(/Cannot chat/);
    expect(selectableChoices(groups).map((c) => c.id)).not.toContain('text-embed');
  });

  it('orders owners, models and routes naturally: model-2 before model-10', () => {
    const models = ['model-10', 'model-2', 'model-1'].map((id) => model(id, 'vendor-1', ['chat']));
    models.push(
      model('model-300', 'vendor-10', ['chat']),
      model('model-200', 'vendor-2', ['chat']),
    );
    const groups = groupChoices(models, [route('r-10', []), route('r-9', [])], '');
    expect(groups.map((g) => g.label)).toEqual(['Routes', 'vendor-1', 'vendor-2', 'vendor-10']);
    expect(groups[0]?.options.map((o) => o.id)).toEqual(['r-9', 'r-10']);
    expect(groups[1]?.options.map((o) => o.id)).toEqual(['model-1', 'model-2', 'model-10']);
    // Searching keeps the order.
    const found = groupChoices(models, [], 'model-1');
    expect(found.flatMap((g) => g.options.map((o) => o.id))).toEqual(['model-1', 'model-10']);
  });

  it('lists routes first, in a group of their own, with the formats of their first model', () => {
    const routes = [
      route('coding', ['gemini-2.5-pro', 'gpt-4o']),
      route('alpha', ['nowhere'], { formats: ['chat'] }),
    ];
    const groups = groupChoices(MODELS, routes, '');
    expect(groups[0]?.label).toBe('Routes');
    expect(groups[0]?.options.map((o) => o.id)).toEqual(['alpha', 'coding']);
    expect(groups[0]?.options[1]?.badges.formats).toEqual(['gemini']);
    // Not in the catalog: the formats the app reported, the rest translated.
    expect(routeBadges(routes[1]!, MODELS)).toEqual({
      formats: ['chat'],
      translatedFormats: WIRE_FORMATS.filter((format) => format !== 'chat'),
    });
  });

  it('finds a route by the name of one of its models too', () => {
    const routes = [route('coding', ['gemini-2.5-pro'])];
    const ids = groupChoices(MODELS, routes, 'pro').flatMap((g) => g.options.map((o) => o.id));
    expect(ids).toEqual(['coding', 'gemini-2.5-pro']);
  });

  it('disables a model a route shadows, and a route a model hides', () => {
    const routes = [
      route('gpt-4o', ['gemini-2.5-pro'], { shadow: true, shadowsModel: true }),
      route('gemini-2.5-flash', ['gpt-4o'], { shadowsModel: true }),
    ];
    const all = groupChoices(MODELS, routes, '').flatMap((g) => g.options);
    const reason = (key: string) => all.find((c) => choiceKey(c) === key)?.unavailable;
    expect(reason('model:gpt-4o')).toMatch(/route gpt-4o took this name/);
    expect(reason('route:gpt-4o')).toBeNull();
    expect(reason('route:gemini-2.5-flash')).toMatch(/catalog model has this name/);
    expect(reason('model:gemini-2.5-flash')).toBeNull();
    expect(resolveChoice('gpt-4o', MODELS, routes)?.kind).toBe('route');
    expect(resolveChoice('gemini-2.5-flash', MODELS, routes)?.kind).toBe('model');
    expect(resolveChoice('elsewhere', MODELS, routes)).toBeNull();
  });

  it('filters on every word of the query, in the id or the owner', () => {
    const ids = (q: string) =>
      groupChoices(MODELS, [], q).flatMap((g) => g.options.map((o) => o.id));
    expect(ids('GEMINI flash')).toEqual(['gemini-2.5-flash']);
    expect(ids('openai')).toEqual(['gpt-4o', 'text-embed']);
    expect(ids('nothing-like-it')).toEqual([]);
  });

  it('starts the highlight on the exact id typed, else the current value, else the first', () => {
    const all = selectableChoices(groupChoices(MODELS, [route('fast', ['gpt-4o'])], '', chat));
    expect(initialActive(all, 'gpt-4o', null)).toBe('model:gpt-4o');
    expect(initialActive(all, 'FAST', null)).toBe('route:fast');
    expect(initialActive(all, '', 'gemini-2.5-pro')).toBe('model:gemini-2.5-pro');
    expect(initialActive(all, '', 'text-embed')).toBe('route:fast');
    expect(initialActive([], 'x', null)).toBeNull();
  });
});

describe('the whole list, prepared ahead of a picker’s opening', () => {
  it('is built once per catalog, routes, judge and language, and a search is not kept', () => {
    const models = [...MODELS];
    const routes = [route('fast', ['gpt-4o'])];
    prepareChoices(models, routes, chat);
    const whole = groupChoices(models, routes, '', chat);
    expect(groupChoices(models, routes, '  ', chat)).toBe(whole);
    // Another judge, another catalog or other routes: built for them.
    expect(groupChoices(models, routes, '', () => null)).not.toBe(whole);
    expect(groupChoices([...models], routes, '', chat)).not.toBe(whole);
    expect(groupChoices(models, [...routes], '', chat)).not.toBe(whole);
    // A search is built each time, from the same entries.
    const searched = groupChoices(models, routes, 'gemini', chat);
    expect(groupChoices(models, routes, 'gemini', chat)).not.toBe(searched);
    expect(searched.flatMap((g) => g.options.map((o) => o.id))).toEqual([
      'gemini-2.5-flash',
      'gemini-2.5-pro',
    ]);
  });

  it('is built again in another language, whose words it holds', async () => {
    const models = [...MODELS];
    const english = groupChoices(models, [], '', chat);
    const embed = (groups: ReturnType<typeof groupChoices>) =>
      groups.flatMap((g) => g.options).find((o) => o.id === 'text-embed')?.unavailable;
    expect(embed(english)).toBe(i18n.t('modelPicker.cannotChat'));
    await i18n.changeLanguage('zh-CN');
    try {
      const other = groupChoices(models, [], '', chat);
      expect(other).not.toBe(english);
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(groupChoices(models, [], '', chat)).not.toBe(english);
  });
});
