export type CsvValue = string | number | boolean | null;

const NEEDS_QUOTES = /[",\r\n]/;
// Spreadsheets run a cell that starts with one of these as a formula; log text comes from
// clients and the upstream, so it must not be able to do that when a user opens the export.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 asks. */
export const csvLine = (values: readonly CsvValue[]): string =>
  `${values.map(csvField).join(',')}\r\n`;
