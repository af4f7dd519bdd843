import { isRecord } from '../../canonical/json.ts';
import { badRequest, type GatewayError } from '../../canonical/gateway-error.ts';

/** The dotted path of a field, as the 400 answers name it (`input.2.content.0`). */
export const joinPath = (where: string, key: string | number): string =>
  where === '' ? String(key) : `${where}.${key}`;

const invalidType = (param: string, expected: string): GatewayError =>
  badRequest(`Invalid type for '${param}': expected ${expected}.`, param, 'invalid_type');

export const invalidValue = (param: string, message: string): GatewayError =>
  badRequest(`Invalid value for '${param}': ${message}`, param, 'invalid_value');

/** Refuses a field the translation cannot carry, saying why. */
export const refuse = (param: string, reason: string): GatewayError =>
  badRequest(`'${param}' cannot be translated: ${reason}`, param, 'unsupported_parameter');

// null counts as absent: OpenAI's request types make most optional fields nullable.
export function optionalString(
  record: Record<string, unknown>,
  key: string,
  where = '',
): string | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidType(joinPath(where, key), 'a string');
  return value;
}

export function requiredString(record: Record<string, unknown>, key: string, where = ''): string {
  const value = optionalString(record, key, where);
  if (value === undefined) {
    const param = joinPath(where, key);
    throw badRequest(
      `Missing required parameter: '${param}'.`,
      param,
      'missing_required_parameter',
    );
  }
  return value;
}

export function optionalNumber(
  record: Record<string, unknown>,
  key: string,
  where = '',
): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalidType(joinPath(where, key), 'a number');
  return value;
}

export function optionalBoolean(
  record: Record<string, unknown>,
  key: string,
  where = '',
): boolean | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidType(joinPath(where, key), 'a boolean');
  return value;
}

export function optionalRecord(
  record: Record<string, unknown>,
  key: string,
  where = '',
): Record<string, unknown> | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalidType(joinPath(where, key), 'an object');
  return value;
}

export function optionalArray(
  record: Record<string, unknown>,
  key: string,
  where = '',
): unknown[] | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalidType(joinPath(where, key), 'an array');
  return value;
}

/** The element at `param` as an object, or a 400 naming it. */
export function recordAt(value: unknown, param: string): Record<string, unknown> {
  if (!isRecord(value)) throw invalidType(param, 'an object');
  return value;
}

/** Checks a string against the values a field allows. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], param: string): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined)
    throw invalidValue(param, `expected one of ${allowed.map((v) => `'${v}'`).join(', ')}.`);
  return found;
}

/**
 * A copy without fields that hold their documented default (e.g. `background: false`), so a
 * field policy does not refuse a client for spelling out what it would get anyway.
 */
export function withoutDefaults(
  record: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key in defaults && defaults[key] === value) continue;
    copy[key] = value;
  }
  return copy;
}
