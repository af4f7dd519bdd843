/** OpenAI-shaped paths, the native (Google-shaped) path and the Messages (Anthropic) paths. */
export type ErrorShape = 'openai' | 'google' | 'anthropic';

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

function googleStatus(status: number): string {
  return GOOGLE_STATUS[status] ?? (status >= 500 ? 'UNKNOWN' : 'INVALID_ARGUMENT');
}

/** The `error.type` Anthropic's API gives each status (529 is its "overloaded"). */
export function anthropicErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 504) return 'timeout_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
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

/** `requestId` is the Anthropic shape's `request_id` (the other shapes carry none). */
export function renderFailure(
  shape: ErrorShape,
  f: SimFailure,
  requestId: string | null = null,
): RenderedError {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...f.headers };
  if (f.retryAfter !== undefined) headers['retry-after'] = String(f.retryAfter);
  if (shape === 'anthropic') {
    const error = { type: anthropicErrorType(f.status), message: f.message };
    if (requestId !== null) headers['request-id'] = requestId;
    const body = { type: 'error', error, request_id: requestId };
    return { status: f.status, headers, body: JSON.stringify(body) };
  }
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

/**
 * The relay reports it with a different status per path (403 on the OpenAI and Messages
 * paths, 429 on the native one); clients must recognise the body.
 */
export function insufficientBalance(shape: ErrorShape): SimFailure {
  return makeFailure(shape === 'google' ? 429 : 403, INSUFFICIENT_BALANCE_MESSAGE, {
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

/** OpenAI's own words for image parts sent to a model that reads only text. */
export function imagesNotSupported(): SimFailure {
  return badRequest('Invalid content type. image_url is only supported by certain models.', null);
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
  529: 'Overloaded (simulated).',
};

export function simulatedStatus(status: number, retryAfter?: number): SimFailure {
  const message = SIMULATED_MESSAGES[status] ?? `Simulated failure with status ${status}.`;
  const code = status === 429 ? 'rate_limit_exceeded' : null;
  return makeFailure(status, message, retryAfter === undefined ? { code } : { code, retryAfter });
}

/** Anthropic's API refuses a request without the header, whatever its body. */
export function missingAnthropicVersion(): SimFailure {
  return badRequest('anthropic-version: header is required', null);
}

export const MID_STREAM_ERROR_MESSAGE =
  'The upstream provider failed while generating the response (simulated).';
