import type { GatewayError } from '../../canonical/gateway-error.ts';

/**
 * The error `type` of a status, from the `ErrorType` union of @anthropic-ai/sdk 1.13 (the
 * SDK classifies by status; the type is for people and logs). 413 is `invalid_request_error`:
 * the API documents `request_too_large`, but the SDK's `ErrorObject` union has no such type.
 */
export function anthropicErrorType(status: number): AnthropicErrorType {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status === 504) return 'timeout_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

export type AnthropicErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'billing_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'timeout_error'
  | 'api_error'
  | 'overloaded_error';

/** The HTTP status an Anthropic error `type` stands for (in-stream errors carry no status). */
export function statusOfAnthropicErrorType(type: unknown): number {
  switch (type) {
    case 'invalid_request_error':
      return 400;
    case 'authentication_error':
      return 401;
    case 'billing_error':
      return 402;
    case 'permission_error':
      return 403;
    case 'not_found_error':
      return 404;
    case 'request_too_large':
      return 413;
    case 'rate_limit_error':
      return 429;
    case 'timeout_error':
      return 504;
    case 'overloaded_error':
      return 529;
    default:
      return 500;
  }
}

export interface AnthropicErrorBody {
  type: 'error';
  error: { type: AnthropicErrorType; message: string };
  request_id: string | null;
}

/**
 * The status the Messages path answers a GatewayError with. No credit left is a 400
 * `invalid_request_error`, as Anthropic answers when the credit balance is too low: Claude Code
 * shows it and stops, where a 429 would have it retry for minutes.
 */
export const anthropicErrorStatus = (error: GatewayError): number =>
  error.outOfCredit ? 400 : error.status;

/** The error body of the Messages path (`ErrorResponse`), for a GatewayError. */
export function anthropicErrorBody(error: GatewayError, requestId?: string): AnthropicErrorBody {
  return {
    type: 'error',
    error: { type: anthropicErrorType(anthropicErrorStatus(error)), message: error.message },
    request_id: requestId ?? null,
  };
}
