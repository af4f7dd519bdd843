import { badRequest } from '../../canonical/gateway-error.ts';

const snakeToCamel = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Gemini requests are proto3 JSON, which accepts snake_case field names too (Google's own curl
 * samples use them). The decoders read camelCase only, so each object level is renamed first;
 * only the keys of this one level, because user data below (tool args, property names) must
 * keep its spelling. A field given in both spellings is ambiguous and refused.
 */
export function camelCaseKeys(
  record: Record<string, unknown>,
  where: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = snakeToCamel(key);
    if (name !== key && Object.hasOwn(record, name)) {
      const param = where ? `${where}.${key}` : key;
      throw badRequest(`'${param}' is given twice, as '${key}' and as '${name}'.`, param);
    }
    out[name] = value;
  }
  return out;
}
