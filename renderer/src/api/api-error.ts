import type { AppErrorBody } from '../../../shared/contract.ts';
import { asErrorText, type ErrorText } from '../../../shared/error-text.ts';
import { i18n } from '../i18n/i18n.ts';

/**
 * A failed contract call, over either transport: `message` is the app's (or the upstream's) own
 * words, `i18n` the catalog text the app named for it (shown in the UI's language), `code` is what
 * the UI branches on, `status` the HTTP status when there is one.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly i18n: ErrorText | undefined;

  constructor(code: string, message: string, status?: number, i18n?: ErrorText) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.i18n = i18n;
  }

  /** The error a transport answered with. */
  static fromBody(body: AppErrorBody, status?: number): ApiError {
    const { code, message, i18n } = body.error;
    return new ApiError(code, message, status, asErrorText(i18n));
  }
}

/**
 * The UI session token is missing or was refused (headless mode: 401 `unauthorized`). Other
 * refusals, such as IPC's `forbidden`, are not about the token and must not send the user to
 * the "open the printed URL" screen.
 */
export function isAuthError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'unauthorized' || error.code === 'missing_token' || error.status === 401;
}

export function isAppErrorBody(value: unknown): value is AppErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner: unknown = value.error;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    'message' in inner &&
    typeof inner.message === 'string' &&
    'code' in inner &&
    typeof inner.code === 'string'
  );
}

/** Anything thrown by a call, as an ApiError (keeps ApiErrors as they are). */
function toApiError(error: unknown, fallbackCode = 'failed'): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error) return new ApiError(fallbackCode, error.message);
  return new ApiError(fallbackCode, String(error));
}

/** The user-facing text of any thrown value: in the UI's language when the app named its text. */
export function errorMessage(error: unknown): string {
  const apiError = toApiError(error);
  return errorWords(apiError.message, apiError.i18n);
}

/** An error's text in the UI's language where the app named it, else its English `message`. */
export function errorWords(message: string, text: ErrorText | undefined): string {
  if (!text) return message;
  return i18n.t(text.key, { ...text.params, defaultValue: message });
}
