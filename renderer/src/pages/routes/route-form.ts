import type {
  ModelRouteInfo,
  RouteDefaults,
  RouteSaveParams,
} from '../../../../shared/contract.ts';
import { i18n } from '../../i18n/i18n.ts';

/** The route editor's fields, as typed (the waits in seconds, empty for the default). */
export interface RouteForm {
  name: string;
  /** The name the route had when the editor opened (null: a new route). */
  previousName: string | null;
  models: string[];
  shadow: boolean;
  firstByteSeconds: string;
  maxRetryAfterSeconds: string;
}

export type RouteFormErrors = Partial<
  Record<'name' | 'firstByteSeconds' | 'maxRetryAfterSeconds', string>
>;

const seconds = (ms: number | null): string => (ms === null ? '' : String(ms / 1000));

export function formFromRoute(route: ModelRouteInfo | null): RouteForm {
  return {
    name: route?.name ?? '',
    previousName: route?.name ?? null,
    models: route ? [...route.models] : [],
    shadow: route?.shadow ?? false,
    firstByteSeconds: seconds(route?.firstByteTimeoutMs ?? null),
    maxRetryAfterSeconds: seconds(route?.maxRetryAfterMs ?? null),
  };
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}

/** The route's name as a client sends it: what the app accepts (see contract-schemas.ts). */
function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return i18n.t('routes.form.nameMissing');
  if (trimmed.length > 200) return i18n.t('routes.form.nameTooLong');
  if (/[\s/?#]/.test(trimmed)) return i18n.t('routes.form.nameChars');
  return null;
}

/** A wait typed in seconds: empty (the default), or 0.1 to 600 s. Returns ms or an error. */
export function parseWait(text: string): { ms: number | null } | { error: string } {
  const trimmed = text.trim().replace(/\s*s$/i, '');
  if (!trimmed) return { ms: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: i18n.t('routes.form.waitNumber') };
  if (value < 0.1) return { error: i18n.t('routes.form.waitMin') };
  if (value > 600) return { error: i18n.t('routes.form.waitMax') };
  return { ms: Math.round(value * 1000) };
}

/**
 * What the form would save, or what is wrong with its fields. Whether the route makes sense
 * (it has models, it does not loop, its name is free) is the app's to say when it is saved.
 */
export function checkRouteForm(
  form: RouteForm,
): { params: RouteSaveParams; errors: null } | { params: null; errors: RouteFormErrors } {
  const errors: RouteFormErrors = {};
  const name = nameError(form.name);
  if (name) errors.name = name;
  const firstByte = parseWait(form.firstByteSeconds);
  if ('error' in firstByte) errors.firstByteSeconds = firstByte.error;
  const retryAfter = parseWait(form.maxRetryAfterSeconds);
  if ('error' in retryAfter) errors.maxRetryAfterSeconds = retryAfter.error;
  if ('error' in firstByte || 'error' in retryAfter || name) return { params: null, errors };
  const params: RouteSaveParams = {
    name: form.name.trim(),
    models: form.models,
    shadow: form.shadow,
    firstByteTimeoutMs: firstByte.ms,
    maxRetryAfterMs: retryAfter.ms,
  };
  if (form.previousName !== null && form.previousName !== params.name)
    params.previousName = form.previousName;
  return { params, errors: null };
}

/** "60 s (default)" for a wait left empty, as the field's placeholder says. */
export function defaultWaitText(defaults: RouteDefaults | null, key: keyof RouteDefaults): string {
  return defaults
    ? i18n.t('routes.form.defaultSeconds', { seconds: defaults[key] / 1000 })
    : i18n.t('routes.form.theDefault');
}

/** The waits a route uses, in words, for its card: set ones as set, the rest as defaults. */
export function waitsText(route: ModelRouteInfo, defaults: RouteDefaults | null): string {
  const wait = (ms: number | null, key: keyof RouteDefaults) => {
    if (ms !== null) return i18n.t('routes.card.wait', { seconds: ms / 1000 });
    return defaults
      ? i18n.t('routes.card.waitDefault', { seconds: defaults[key] / 1000 })
      : i18n.t('routes.card.default');
  };
  return i18n.t('routes.card.waits', {
    firstByte: wait(route.firstByteTimeoutMs, 'firstByteTimeoutMs'),
    retryAfter: wait(route.maxRetryAfterMs, 'maxRetryAfterMs'),
  });
}

/**
 * Why a model of a route is flagged: the app's own warning about it when the route was just
 * saved, else what the app does with it.
 */
export function missingText(model: string, warnings: string[] | undefined): string {
  return warnings?.find((w) => w.includes(model)) ?? i18n.t('routes.card.missing');
}
