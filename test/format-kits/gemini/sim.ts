import { failureHeaders, type RenderedError, type SimFailure } from '../../upstream-sim/errors.ts';
import { decode } from '../../upstream-sim/http-input.ts';
import type { SimFormat } from '../../upstream-sim/sim-format.ts';
import { parseGeminiRequest } from './sim-parse.ts';
import { writeGeminiReply } from './sim-write.ts';

// Only v1beta: the upstream has no native v1 path, so a gateway using one gets a 404.
const NATIVE_PATH = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

const GOOGLE_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

function googleStatus(status: number): string {
  return GOOGLE_STATUS[status] ?? (status >= 500 ? 'UNKNOWN' : 'INVALID_ARGUMENT');
}

/** Google's error body; a Retry-After is also a RetryInfo detail. */
function renderGoogleFailure(f: SimFailure): RenderedError {
  const error: Record<string, unknown> = {
    code: f.status,
    message: f.message,
    status: googleStatus(f.status),
  };
  if (f.retryAfter !== undefined) {
    error.details = [
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${f.retryAfter}s` },
    ];
  }
  return { status: f.status, headers: failureHeaders(f), body: JSON.stringify({ error }) };
}

/**
 * Native generateContent as the simulator serves it: the model and the stream flag in the path
 * (`/v1beta/models/{model}:generateContent`, `:streamGenerateContent`), Google's errors on every
 * `/v1beta/` path, and an empty balance reported as a 429.
 */
export const geminiSim: SimFormat = {
  format: 'gemini',
  nativeModel: { id: 'sim-gemini', thinkingTokens: 12, requiresThoughtSignatures: true },
  routeName: 'generateContent (gemini)',
  ownsPath: (path) => path.startsWith('/v1beta/'),
  matchPath(path) {
    const native = NATIVE_PATH.exec(path);
    if (!native) return undefined;
    return { model: decode(native[1] ?? ''), stream: native[2] === 'streamGenerateContent' };
  },
  balanceStatus: 429,
  renderError: (failure) => renderGoogleFailure(failure),
  parse: (body, path) => parseGeminiRequest(body, path.model ?? '', path.stream === true),
  write: (ctx) => writeGeminiReply(ctx),
};
