/** One error, independent of the shape it is rendered in. */
export interface SimFailure {
  status: number;
  message: string;
  /** OpenAI `type`. */
  type: string;
  code: string | null;
  param: string | null;
  /** Seconds: sets Retry-After and, in some shapes (Google's), a detail in the body. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: string;
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

/**
 * The relay's own error shape, OpenAI's: what its catalog, pricing and unknown paths answer,
 * and the shape of the OpenAI formats' paths.
 */
export function renderOpenAiFailure(f: SimFailure): RenderedError {
  const error = { message: f.message, type: f.type, param: f.param, code: f.code };
  return { status: f.status, headers: failureHeaders(f), body: JSON.stringify({ error }) };
}

/** The headers every shape starts from: JSON, the failure's own, and its Retry-After. */
export function failureHeaders(f: SimFailure): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...f.headers };
  if (f.retryAfter !== undefined) headers['retry-after'] = String(f.retryAfter);
  return headers;
}

export const INSUFFICIENT_BALANCE_MESSAGE =
  'Insufficient account balance. Add funds in the dashboard to continue.';

/**
 * The relay reports it with a different status per path (403 on the OpenAI and Messages
 * paths, 429 on the native one: each format's `balanceStatus`); clients must recognise the body.
 */
export function insufficientBalance(status: number): SimFailure {
  return makeFailure(status, INSUFFICIENT_BALANCE_MESSAGE, {
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

export const MID_STREAM_ERROR_MESSAGE =
  'The upstream provider failed while generating the response (simulated).';

/** The 400 of a body that is missing or not JSON, before any format reads it. */
export function unparsedBody(rawBody: string): SimFailure {
  const message =
    rawBody.trim() === ''
      ? 'A JSON request body is required.'
      : 'We could not parse the JSON body of your request. Send valid JSON.';
  return badRequest(message, null, 'invalid_json');
}
