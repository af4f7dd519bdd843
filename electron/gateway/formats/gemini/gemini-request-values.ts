import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { camelCaseKeys } from './gemini-field-names.ts';

export { optionalBoolean, optionalNumber, optionalString } from '../read-field.ts';

/** Readers for client request values: each refuses a wrong type with a 400 naming the field. */

const invalid = (param: string, expected: string) =>
  badRequest(`Invalid field '${param}': expected ${expected}.`, param);

/** An object level of the request, with its keys normalised to camelCase. */
export function readObject(value: unknown, param: string): Record<string, unknown> {
  if (!isRecord(value)) throw invalid(param, 'an object');
  return camelCaseKeys(value, param);
}

export function readArray(value: unknown, param: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(param, 'an array');
  return value;
}

export function optionalStringArray(value: unknown, param: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = readArray(value, param);
  return items.map((item, i) => {
    if (typeof item !== 'string') throw invalid(`${param}.${i}`, 'a string');
    return item;
  });
}
