import { KeychainUnavailableError } from '../secrets/keychain-error.ts';
import { InvalidUpstreamKeyError } from '../secrets/upstream-key-format.ts';
import { DuplicateNameError, InvalidInputError } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { errorText } from '../../shared/error-text.ts';

/**
 * Any failure of a use case as the AppError the transports answer with. The lower layers word
 * their errors for the user already (store validation, keychain, key format); only their codes
 * are added here. Anything else is a bug: its message is kept, so the user can report it.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof KeychainUnavailableError)
    return new AppError('keychain_unavailable', error.message, { cause: error });
  if (error instanceof InvalidUpstreamKeyError || error instanceof InvalidInputError)
    return new AppError('bad_request', error.message, { cause: error });
  if (error instanceof DuplicateNameError)
    return new AppError('conflict', error.message, { cause: error });
  // The store's paging checks (a negative page size) throw RangeError with a readable message.
  if (error instanceof RangeError)
    return new AppError('bad_request', error.message, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('internal', `Something went wrong: ${message}`, {
    cause: error,
    i18n: errorText('errors.app.internal', { detail: message }),
  });
}

/** HTTP status for an AppError code (the IPC transport passes the code through as it is). */
export function httpStatusFor(code: string): number {
  switch (code) {
    case 'bad_request':
      return 400;
    case 'unauthorized':
      return 401;
    case 'not_found':
      return 404;
    case 'method_not_allowed':
      return 405;
    case 'too_large':
      return 413;
    case 'conflict':
    case 'port_in_use':
    case 'no_upstream':
    case 'no_key':
      return 409;
    case 'keychain_unavailable':
    case 'closed':
      return 503;
    default:
      // upstream_error, upstream_key_rejected, upstream_unreachable, ...: the upstream failed.
      return code.startsWith('upstream_') ? 502 : 500;
  }
}
