import type {
  ModelRouteInfo,
  RouteDefaults,
  RouteSaveParams,
} from '../../../../shared/contract.ts';

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
  if (!trimmed) return 'Name the route: clients send this name as their model.';
  if (trimmed.length > 200) return 'At most 200 characters.';
  if (/[\s/?#]/.test(trimmed)) return 'No spaces, “/”, “?” or “#”: clients send it in URLs.';
  return null;
}

/** A wait typed in seconds: empty (the default), or 0.1 to 600 s. Returns ms or an error. */
export function parseWait(text: string): { ms: number | null } | { error: string } {
  const trimmed = text.trim().replace(/\s*s$/i, '');
  if (!trimmed) return { ms: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'Enter a number of seconds, e.g. 30 or 2.5.' };
  if (value < 0.1) return { error: 'At least 0.1 s.' };
  if (value > 600) return { error: 'At most 600 s (10 minutes).' };
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
  return defaults ? `${defaults[key] / 1000} (default)` : 'the default';
}

/** The waits a route uses, in words, for its card: set ones as set, the rest as defaults. */
export function waitsText(route: ModelRouteInfo, defaults: RouteDefaults | null): string {
  const wait = (ms: number | null, key: keyof RouteDefaults) => {
    if (ms !== null) return `${ms / 1000} s`;
    return defaults ? `${defaults[key] / 1000} s (default)` : 'default';
  };
  return `First byte within ${wait(route.firstByteTimeoutMs, 'firstByteTimeoutMs')} · waits out a Retry-After up to ${wait(route.maxRetryAfterMs, 'maxRetryAfterMs')}`;
}

/**
 * Why a model of a route is flagged: the app's own warning about it when the route was just
 * saved, else what the app does with it.
 */
export function missingText(model: string, warnings: string[] | undefined): string {
  return (
    warnings?.find((w) => w.includes(model)) ??
    'Not in the catalog: skipped until the catalog lists it.'
  );
}
