/** OpenAI-shaped paths vs the native (Google-shaped) path. */
export type ErrorShape = 'openai' | 'google';

/** One error, independent of the shape it is rendered in. */
export interface SimFailure {
  status: number;
  message: string;
  /** OpenAI `type`. */
  type: string;
  code: string | null;
  param: string | null;
  /** Seconds: sets Retry-After and, on the Google shape, a RetryInfo detail. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: string;
}

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

export function googleStatus(status: number): string {
  return GOOGLE_STATUS[status] ?? (status >= 500 ? 'UNKNOWN' : 'INVALID_ARGUMENT');
}

function openaiType(status: number): string {
  if (status === 401) return 'invalid_request_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export function makeFailure(
  status: number,
  message: string,
  extra: Partial<Omit<SimFailure, 'status' | 'message'>> = {},
): SimFailure {
  return { status, message, type: openaiType(status), code: null, param: null, ...extra };
}

export function renderFailure(shape: ErrorShape, f: SimFailure): RenderedError {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...f.headers };
  if (f.retryAfter !== undefined) headers['retry-after'] = String(f.retryAfter);
  let error: Record<string, unknown>;
  if (shape === 'openai') {
    error = { message: f.message, type: f.type, param: f.param, code: f.code };
  } else {
    error = { code: f.status, message: f.message, status: googleStatus(f.status) };
    if (f.retryAfter !== undefined) {
      error.details = [
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${f.retryAfter}s` },
      ];
    }
  }
  return { status: f.status, headers, body: JSON.stringify({ error }) };
}

export const INSUFFICIENT_BALANCE_MESSAGE =
  'Insufficient account balance. Add funds in the dashboard to continue.';

/** The relay reports it with a different status per path; clients must recognise the body. */
export function insufficientBalance(shape: ErrorShape): SimFailure {
  return makeFailure(shape === 'openai' ? 403 : 429, INSUFFICIENT_BALANCE_MESSAGE, {
    type: 'insufficient_quota',
    code: 'insufficient_user_quota',
  });
}

export function unauthorized(): SimFailure {
  return makeFailure(
    401,
    'Invalid or missing API key. Send Authorization: Bearer <key> (simulated upstream).',
    { code: 'invalid_api_key' },
  );
}

export function unknownPath(method: string, path: string): SimFailure {
  return makeFailure(404, `Invalid URL (${method} ${path})`, { code: 'not_found' });
}

export function methodNotAllowed(method: string, path: string, allow: string): SimFailure {
  return makeFailure(405, `Method ${method} is not allowed on ${path}; use ${allow}.`, {
    code: 'method_not_allowed',
    headers: { allow },
  });
}

export function badRequest(message: string, param: string | null, code: string | null = null) {
  return makeFailure(400, message, { param, code });
}

export function modelNotFound(id: string): SimFailure {
  return makeFailure(404, `The model '${id}' does not exist or you do not have access to it.`, {
    param: 'model',
    code: 'model_not_found',
  });
}

export function endpointNotSupported(
  id: string,
  routeName: string,
  supported: readonly string[],
): SimFailure {
  const list = supported.length > 0 ? supported.join(', ') : 'none';
  return makeFailure(
    404,
    `The model '${id}' does not support the ${routeName} endpoint; it supports: ${list}.`,
    { param: 'model', code: 'model_not_found' },
  );
}

const SIMULATED_MESSAGES: Readonly<Record<number, string>> = {
  429: 'Rate limit reached for requests (simulated). Please retry after the indicated delay.',
  500: 'The server had an error while processing your request (simulated).',
  502: 'Bad gateway: the upstream provider returned an invalid response (simulated).',
  503: 'The upstream provider is overloaded or unavailable (simulated).',
};

export function simulatedStatus(status: number, retryAfter?: number): SimFailure {
  const message = SIMULATED_MESSAGES[status] ?? `Simulated failure with status ${status}.`;
  const code = status === 429 ? 'rate_limit_exceeded' : null;
  return makeFailure(status, message, retryAfter === undefined ? { code } : { code, retryAfter });
}

export const MID_STREAM_ERROR_MESSAGE =
  'The upstream provider failed while generating the response (simulated).';
