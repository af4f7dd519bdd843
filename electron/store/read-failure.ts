import { errorTextOf, type ErrorText } from '../../shared/error-text.ts';
import { InvalidInputError } from './store-errors.ts';

/** An error thrown by a read in the worker, as plain data for the way back to the caller. */
export interface ReadFailure {
  name: string;
  message: string;
  /** SQLite's code (`SQLITE_BUSY`…), when the error came from SQLite. */
  code?: string;
  /** The worker's stack, so a bug's report shows where the read failed. */
  stack?: string;
  /** The catalog text of refused input, for the UI's language. */
  i18n?: ErrorText;
}

export function toReadFailure(error: unknown): ReadFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const i18n = errorTextOf(error);
  return {
    name: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(i18n === undefined ? {} : { i18n }),
  };
}

/**
 * The error again, of the class the services tell apart (to-app-error.ts): a bad page or limit
 * (RangeError) and refused input stay a bad request; anything else stays what it was called.
 */
export function fromReadFailure(failure: ReadFailure): Error {
  const error =
    failure.name === 'RangeError'
      ? new RangeError(failure.message)
      : failure.name === 'TypeError'
        ? new TypeError(failure.message)
        : failure.name === 'InvalidInputError'
          ? new InvalidInputError(failure.message, failure.i18n)
          : Object.assign(new Error(failure.message), { name: failure.name });
  if (failure.code !== undefined) Object.assign(error, { code: failure.code });
  if (failure.stack !== undefined) error.stack = failure.stack;
  return error;
}
