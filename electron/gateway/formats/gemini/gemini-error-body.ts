import type { GatewayError } from '../../canonical/gateway-error.ts';
import { googleStatusName } from './google-status.ts';

/** The Google-shaped error body of the native paths, with a RetryInfo detail when we know a delay. */
export function geminiErrorBody(error: GatewayError): { error: Record<string, unknown> } {
  const body: Record<string, unknown> = {
    code: error.status,
    message: error.message,
    status: googleStatusName(error.status),
  };
  if (error.retryAfterSeconds !== undefined) {
    body.details = [
      {
        '@type': 'type.googleapis.com/google.rpc.RetryInfo',
        retryDelay: `${error.retryAfterSeconds}s`,
      },
    ];
  }
  return { error: body };
}
