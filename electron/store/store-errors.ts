import { TextedError, type ErrorText } from '../../shared/error-text.ts';

/**
 * A name that must be unique is taken. Services turn it into a message the user can act on,
 * so it carries what kind of thing clashed and the name itself.
 */
export class DuplicateNameError extends TextedError {
  readonly entity: 'token' | 'profile' | 'route';
  readonly takenName: string;

  constructor(
    entity: 'token' | 'profile' | 'route',
    takenName: string,
    message: string,
    i18n?: ErrorText,
  ) {
    super(message, i18n);
    this.name = 'DuplicateNameError';
    this.entity = entity;
    this.takenName = takenName;
  }
}

/** Input the store refuses (empty name, a URL with credentials in it, a malformed tariff). */
export class InvalidInputError extends TextedError {
  constructor(message: string, i18n?: ErrorText) {
    super(message, i18n);
    this.name = 'InvalidInputError';
  }
}

/** True for SQLite's unique-constraint failures, which better-sqlite3 reports by `code`. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY');
