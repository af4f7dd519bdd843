import { GatewayError } from '../canonical/gateway-error.ts';
import { readableErrorText } from './error-text.ts';
import { isConnectFailure, UpstreamStatusError } from './upstream-client.ts';

function upstreamMessage(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | unknown[] };
    const error = Array.isArray(parsed)
      ? (parsed[0] as { error?: { message?: unknown } })?.error
      : parsed.error;
    if (
      error &&
      typeof error === 'object' &&
      'message' in error &&
      typeof error.message === 'string'
    )
      return error.message;
  } catch {
    // not JSON: fall through to the text (an HTML page's title)
  }
  return readableErrorText(status, body);
}

/** A connection that was made, then cut by the other side (a restart, a crash, a proxy). */
const CUT = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

/** A 401/403 from the upstream is about the gateway's upstream key, never the client's local token. */
export function upstreamKeyRejected(status: number, body: string): GatewayError {
  return new GatewayError(
    status,
    `The upstream rejected the gateway's upstream key (${status}): ${upstreamMessage(body, status)}. Set a valid key in Settings, or MODEL_GATEWAY_UPSTREAM_KEY when headless.`,
    { code: 'upstream_key_rejected' },
  );
}

/** Turns a failure to talk to the upstream into the error the client sees. */
export function upstreamFailure(error: unknown, baseUrl: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof UpstreamStatusError) {
    if (error.status === 401 || error.status === 403)
      return upstreamKeyRejected(error.status, error.body);
    return new GatewayError(
      502,
      `Model discovery failed upstream (${error.status}): ${upstreamMessage(error.body, error.status)}`,
      { code: 'upstream_error' },
    );
  }
  const code = (error as { code?: unknown } | null)?.code;
  // The key provider failed: no key stored, or the keychain locked or absent. A gateway-side
  // problem the user fixes in Settings, not a fault of the client's request.
  if (code === 'upstream_key_missing' || code === 'keychain_unavailable') {
    const message = error instanceof Error ? error.message : String(error);
    return new GatewayError(503, `The gateway has no upstream key to use: ${message}`, {
      code: String(code),
      cause: error,
    });
  }
  if (isConnectFailure(error)) {
    return new GatewayError(502, `Cannot reach the upstream at ${baseUrl} (${String(code)}).`, {
      code: 'upstream_unreachable',
      cause: error,
    });
  }
  if (typeof code === 'string' && CUT.has(code)) {
    const message = error instanceof Error ? error.message : String(error);
    return new GatewayError(
      502,
      `The upstream closed the connection before answering: ${message}`,
      {
        code: 'upstream_disconnected',
        cause: error,
      },
    );
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new GatewayError(504, 'The upstream did not answer in time.', {
      code: 'upstream_timeout',
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GatewayError(502, `The upstream request failed: ${message}`, {
    code: 'upstream_error',
    cause: error,
  });
}
