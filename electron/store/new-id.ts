import { randomBytes } from 'node:crypto';

/**
 * Random ids with a type prefix (`tok_…`, `conv_…`): they never collide across processes, so
 * nothing depends on SQLite rowids, and the prefix says what an id names in a log or a bug report.
 */
export const newId = (prefix: string): string =>
  `${prefix}_${randomBytes(12).toString('base64url')}`;
