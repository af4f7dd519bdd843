import type { AppErrorBody } from '../../shared/contract.ts';
import { asErrorText, errorText, errorTextOf } from '../../shared/error-text.ts';
import { AppError } from '../services/app-services-api.ts';

/**
 * How an `app:rpc` failure reaches the renderer. Electron rejects `ipcRenderer.invoke` with a
 * plain Error and keeps only its message, prefixed with its own words, e.g.
 *
 *   Error invoking remote method 'app:rpc': Error: {"error":{"code":"port_in_use","message":"…","i18n":{…}}}
 *
 * So the message of the Error thrown here is exactly the JSON of `AppErrorBody`
 * (shared/contract.ts), the same body the HTTP transport answers with. The renderer decodes it
 * with `JSON.parse(message.slice(message.indexOf('{"error":')))`; Electron's prefix never
 * contains that sequence. Codes: the AppError's own; `forbidden` when the sender is not the app's
 * page; `bad_request` for a malformed call; `internal` for anything unexpected.
 */
export function encodeRpcError(error: unknown): Error {
  return new Error(JSON.stringify(rpcErrorBody(error)));
}

function rpcErrorBody(error: unknown): AppErrorBody {
  if (isAppError(error)) {
    const i18n = errorTextOf(error);
    return { error: { code: error.code, message: error.message, ...(i18n ? { i18n } : {}) } };
  }
  // Not an AppError: a bug or an unforeseen failure. Its message still helps the user report it.
  const message = error instanceof Error ? error.message : String(error);
  return {
    error: {
      code: 'internal',
      message: `Internal error: ${message}`,
      i18n: errorText('errors.app.internal', { detail: message }),
    },
  };
}

/** The renderer-side inverse, kept here so the format has one tested definition. */
export function decodeRpcError(message: string): AppErrorBody['error'] | null {
  const start = message.indexOf('{"error":');
  if (start < 0) return null;
  try {
    const body = JSON.parse(message.slice(start)) as Partial<AppErrorBody>;
    const { code, message: text, i18n } = body.error ?? {};
    if (typeof code !== 'string' || typeof text !== 'string') return null;
    const words = asErrorText(i18n);
    return { code, message: text, ...(words ? { i18n: words } : {}) };
  } catch {
    return null;
  }
}

/** By class, or by shape for an AppError from a second copy of the module (bundling). */
function isAppError(error: unknown): error is AppError {
  if (error instanceof AppError) return true;
  return (
    error instanceof Error &&
    error.name === 'AppError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
