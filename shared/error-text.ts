import type en from '../renderer/src/i18n/locales/en.json';

type Plain<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** The dotted paths of a catalog section's texts, plural forms named once. */
type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string
    ? Plain<`${Prefix}${K}`>
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type Catalog = typeof en;

/**
 * A text for an error, checked by the compiler against the English catalog: the shell's
 * `errors` section (errors any page may meet), or a page section's `errors` (those met on that
 * page, whose texts load with it; the English message stands in where its page's texts have
 * not loaded).
 */
export type ErrorKey =
  | Leaves<Catalog['errors'], 'errors.'>
  | Leaves<Catalog['chat']['errors'], 'chat.errors.'>
  | Leaves<Catalog['models']['errors'], 'models.errors.'>
  | Leaves<Catalog['routes']['errors'], 'routes.errors.'>
  | Leaves<Catalog['tools']['errors'], 'tools.errors.'>
  | Leaves<Catalog['settings']['errors'], 'settings.errors.'>;

/** The shape of an error text's key: `errors.…`, or a section's `<section>.errors.…`. */
const ERROR_KEY = /^(?:[A-Za-z]+\.)?errors\./;

export type ErrorParams = Record<string, string | number>;

/**
 * How an error is told in the UI's language: a catalog key and the values it names. It travels
 * beside the English message (kept for logs and the CLI) so the renderer can word it itself.
 */
export interface ErrorText {
  key: ErrorKey;
  params?: ErrorParams;
}

/**
 * Names an error's catalog text. A plain function, so `npm run lint:i18n` (i18next.config.ts
 * `extract.functions`) sees the key used where an error is thrown.
 */
export function errorText(key: ErrorKey, params?: ErrorParams): ErrorText {
  return params === undefined ? { key } : { key, params };
}

/** An ErrorText decoded from the wire or taken from an error, checked by shape only. */
export function asErrorText(value: unknown): ErrorText | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || !ERROR_KEY.test(key)) return undefined;
  if (params === undefined) return { key: key as ErrorKey };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const entries = Object.entries(params);
  if (!entries.every(([, v]) => typeof v === 'string' || typeof v === 'number')) return undefined;
  return { key: key as ErrorKey, params: Object.fromEntries(entries) as ErrorParams };
}

/** The ErrorText an error (a store's, a connector's, an AppError) carries, if any. */
export const errorTextOf = (error: unknown): ErrorText | undefined =>
  typeof error === 'object' && error !== null && 'i18n' in error
    ? asErrorText(error.i18n)
    : undefined;

/**
 * An error that names its catalog text beside its English message (`errorTextOf` reads it):
 * the store's, the keychain's, the connectors', the updater's and the services' errors.
 */
export class TextedError extends Error {
  readonly i18n: ErrorText | undefined;

  constructor(message: string, i18n: ErrorText | undefined, options?: ErrorOptions) {
    super(message, options);
    this.i18n = i18n;
  }
}
