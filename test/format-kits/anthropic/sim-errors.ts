import {
  badRequest,
  failureHeaders,
  type RenderedError,
  type SimFailure,
} from '../../upstream-sim/errors.ts';

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

/** Anthropic's `request-id` of request `n` (a header, and `request_id` in its error bodies). */
export const anthropicRequestId = (n: number): string => `req_sim${n}`;

/** `{"type":"error","error":{"type","message"},"request_id"}`, with the `request-id` header. */
export function renderAnthropicFailure(f: SimFailure, n: number): RenderedError {
  const requestId = anthropicRequestId(n);
  const headers = { ...failureHeaders(f), 'request-id': requestId };
  const error = { type: anthropicErrorType(f.status), message: f.message };
  return {
    status: f.status,
    headers,
    body: JSON.stringify({ type: 'error', error, request_id: requestId }),
  };
}

/** Anthropic's API refuses a request without the header, whatever its body. */
export function missingAnthropicVersion(
  headers: Readonly<Record<string, string>>,
): SimFailure | null {
  if ((headers['anthropic-version'] ?? '').trim() !== '') return null;
  return badRequest('anthropic-version: header is required', null);
}
