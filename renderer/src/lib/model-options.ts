import type { ModelInfo, ModelRouteInfo, WireFormat } from '../../../shared/contract.ts';
import { i18n } from '../i18n/i18n.ts';
import { naturalCompare } from '../../../shared/natural-order.ts';
import { WIRE_FORMATS } from '../../../shared/wire-formats.ts';

/** What the format badges of a choice need. */
export interface Badged {
  formats: WireFormat[];
  translatedFormats: WireFormat[];
}

/** One entry of a model picker: a catalog model or a model route, and whether it can be picked. */
export type Choice =
  | { kind: 'model'; id: string; model: ModelInfo; badges: Badged; unavailable: string | null }
  | {
      kind: 'route';
      id: string;
      route: ModelRouteInfo;
      badges: Badged;
      unavailable: string | null;
    };

/** Decides, per picker, which choices cannot be picked and why (null: it can). */
export type UnavailableReason = (choice: Choice) => string | null;

export interface ChoiceGroup {
  key: string;
  label: string;
  options: Choice[];
}

export const choiceKey = (choice: Pick<Choice, 'kind' | 'id'>): string =>
  `${choice.kind}:${choice.id}`;

/**
 * A route's format badges: those of its first model as the catalog has it (formats it speaks and
 * those the gateway translates to), else the formats the app reported for the route.
 */
export function routeBadges(route: ModelRouteInfo, models: ModelInfo[]): Badged {
  const first = models.find((m) => m.id === route.models[0]);
  if (first) return { formats: first.formats, translatedFormats: first.translatedFormats };
  const formats = route.formats ?? [];
  return {
    formats,
    translatedFormats: formats.length > 0 ? WIRE_FORMATS.filter((f) => !formats.includes(f)) : [],
  };
}

/** A route answers to its name unless a catalog model has that name and it does not shadow it. */
const routeAnswers = (route: ModelRouteInfo): boolean => route.shadow || !route.shadowsModel;

/** A model whose name a route took: requests naming it reach the route instead. */
function shadowedBy(model: ModelInfo, routes: ModelRouteInfo[]): ModelRouteInfo | null {
  return routes.find((r) => r.name === model.id && r.shadow) ?? null;
}

/**
 * The gateway serves the chat by translating into any format the model speaks upstream; a model
 * with none (an embeddings-only model, say) cannot answer a conversation.
 */
export function chatUnavailableReason(model: Pick<ModelInfo, 'formats'>): string | null {
  if (model.formats.length > 0) return null;
  // The same words for every such model: looked up once per language, not once per model (a
  // relay's catalog has hundreds of them, judged each time a picker opens).
  let words = cannotChat.get(i18n.language);
  if (words === undefined) {
    words = i18n.t('modelPicker.cannotChat');
    cannotChat.set(i18n.language, words);
  }
  return words;
}

const cannotChat = new Map<string, string>();

/** Why nobody can use a choice whatever the picker is for: a shadowed model, a hidden route. */
function baseReason(choice: Choice, routes: ModelRouteInfo[]): string | null {
  if (choice.kind === 'model') {
    const route = shadowedBy(choice.model, routes);
    return route ? i18n.t('modelPicker.shadowed', { route: route.name }) : null;
  }
  if (!routeAnswers(choice.route)) return i18n.t('modelPicker.routeShadowed');
  return null;
}

/** Every word of the query appears in the id, the owner, or (a route) one of its models. */
function matches(haystack: string, words: string[]): boolean {
  const text = haystack.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** The ones that can be picked first, each part keeping its order. */
function availableFirst(choices: Choice[]): Choice[] {
  return [
    ...choices.filter((c) => c.unavailable === null),
    ...choices.filter((c) => c.unavailable !== null),
  ];
}

const OTHER_OWNER = 'Other';
const ownerOf = (model: ModelInfo): string => model.ownedBy || OTHER_OWNER;

/**
 * The catalog by owner, then by id, in natural order, sorted once per list: a search runs on
 * every key typed and must not sort thousands of models again.
 */
const sortedCatalogs = new WeakMap<ModelInfo[], ModelInfo[]>();
function byOwnerThenId(models: ModelInfo[]): ModelInfo[] {
  let sorted = sortedCatalogs.get(models);
  if (!sorted) {
    sorted = [...models].sort(
      (a, b) => naturalCompare(ownerOf(a), ownerOf(b)) || naturalCompare(a.id, b.id),
    );
    sortedCatalogs.set(models, sorted);
  }
  return sorted;
}

/**
 * The routes and models matching `query`: routes first in a group of their own, then the catalog
 * grouped by owner (groups and entries by name, in natural order: `model-2` before `model-10`).
 * Entries that cannot be picked come last in their group with the reason, so the keyboard
 * reaches usable ones first.
 */
export function groupChoices(
  models: ModelInfo[],
  routes: ModelRouteInfo[],
  query: string,
  reason: UnavailableReason = noReason,
): ChoiceGroup[] {
  if (query.trim() !== '') return computeGroups(models, routes, query, reason);
  // The whole list (no query), kept per catalog, routes, judge and language: a picker prepares
  // it while the browser is idle (`prepareChoices`), so opening it does not build thousands of
  // entries inside the click.
  const key = `${i18n.language}`;
  let byCatalog = wholeLists.get(models);
  if (!byCatalog) {
    byCatalog = new WeakMap();
    wholeLists.set(models, byCatalog);
  }
  let byRoutes = byCatalog.get(routes);
  if (!byRoutes) {
    byRoutes = new WeakMap();
    byCatalog.set(routes, byRoutes);
  }
  const kept = byRoutes.get(reason);
  if (kept?.language === key) return kept.groups;
  const groups = computeGroups(models, routes, query, reason);
  byRoutes.set(reason, { language: key, groups });
  return groups;
}

/** Builds the whole list ahead of a picker's first opening; meant for idle time. */
export function prepareChoices(
  models: ModelInfo[],
  routes: ModelRouteInfo[],
  reason: UnavailableReason = noReason,
): void {
  groupChoices(models, routes, '', reason);
}

const noReason: UnavailableReason = () => null;

const wholeLists = new WeakMap<
  ModelInfo[],
  WeakMap<ModelRouteInfo[], WeakMap<UnavailableReason, { language: string; groups: ChoiceGroup[] }>>
>();

function computeGroups(
  models: ModelInfo[],
  routes: ModelRouteInfo[],
  query: string,
  reason: UnavailableReason,
): ChoiceGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const judge = (choice: Choice): Choice => ({
    ...choice,
    unavailable: baseReason(choice, routes) ?? reason(choice),
  });
  const routeOptions = availableFirst(
    routes
      .filter((r) => matches(`${r.name} ${r.models.join(' ')}`, words))
      .sort((a, b) => naturalCompare(a.name, b.name))
      .map((route) =>
        judge({
          kind: 'route',
          id: route.name,
          route,
          badges: routeBadges(route, models),
          unavailable: null,
        }),
      ),
  );
  // Insertion order is the owners' order: the catalog comes sorted by owner.
  const owners = new Map<string, Choice[]>();
  for (const model of byOwnerThenId(models)) {
    if (!matches(`${model.id} ${model.ownedBy}`, words)) continue;
    const owner = ownerOf(model);
    const list = owners.get(owner) ?? [];
    list.push(judge({ kind: 'model', id: model.id, model, badges: model, unavailable: null }));
    owners.set(owner, list);
  }
  const groups: ChoiceGroup[] =
    routeOptions.length > 0
      ? [{ key: 'routes', label: i18n.t('modelPicker.routesGroup'), options: routeOptions }]
      : [];
  for (const [owner, options] of owners)
    groups.push({
      key: `owner:${owner}`,
      label: owner === OTHER_OWNER ? i18n.t('modelPicker.otherOwner') : owner,
      options: availableFirst(options),
    });
  return groups;
}

/** The entries the keyboard moves through, in the order shown. */
export const selectableChoices = (groups: ChoiceGroup[]): Choice[] =>
  groups.flatMap((g) => g.options.filter((o) => o.unavailable === null));

/**
 * What a value (the model a client sends) names: the route, when one answers to it, else the
 * catalog model; null when neither has that name.
 */
export function resolveChoice(
  value: string | null,
  models: ModelInfo[],
  routes: ModelRouteInfo[],
): Choice | null {
  if (value === null) return null;
  const route = routes.find((r) => r.name === value && routeAnswers(r));
  if (route)
    return {
      kind: 'route',
      id: route.name,
      route,
      badges: routeBadges(route, models),
      unavailable: null,
    };
  const model = models.find((m) => m.id === value);
  return model ? { kind: 'model', id: model.id, model, badges: model, unavailable: null } : null;
}

/**
 * Where the highlight starts for a query: the entry named exactly as typed, else the current
 * value if it is listed, else the first. Returns the entry's key.
 */
export function initialActive(
  selectable: Choice[],
  query: string,
  current: string | null,
): string | null {
  const typed = query.trim().toLowerCase();
  const exact = selectable.find((c) => c.id.toLowerCase() === typed);
  if (exact) return choiceKey(exact);
  if (!typed && current) {
    const listed = selectable.find((c) => c.id === current);
    if (listed) return choiceKey(listed);
  }
  const first = selectable[0];
  return first ? choiceKey(first) : null;
}
