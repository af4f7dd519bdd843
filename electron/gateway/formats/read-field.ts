import { isRecord } from '../canonical/json.ts';
import { badRequest } from '../canonical/gateway-error.ts';

/**
 * Typed reads of client fields. A present field of the wrong type is a 400 naming its path;
 * `null` counts as absent because OpenAI clients send explicit nulls for defaults.
 */
const invalid = (param: string, expected: string) =>
  badRequest(`Invalid '${param}': expected ${expected}.`, param, 'invalid_type');

export function optionalString(value: unknown, param: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(param, 'a string');
  return value;
}

export function requiredString(value: unknown, param: string): string {
  const text = optionalString(value, param);
  if (text === undefined) throw badRequest(`Missing required field '${param}'.`, param);
  return text;
}

export function optionalNumber(value: unknown, param: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(param, 'a number');
  return value;
}

export function optionalBoolean(value: unknown, param: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(param, 'a boolean');
  return value;
}

export function optionalRecord(value: unknown, param: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalid(param, 'an object');
  return value;
}

export function requiredRecord(value: unknown, param: string): Record<string, unknown> {
  const record = optionalRecord(value, param);
  if (record === undefined) throw badRequest(`Missing required field '${param}'.`, param);
  return record;
}

export function optionalArray(value: unknown, param: string): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid(param, 'an array');
  return value;
}
