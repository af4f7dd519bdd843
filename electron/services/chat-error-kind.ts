import type { ChatErrorKind } from '../../shared/contract.ts';

/**
 * The gateway's error codes (its GatewayError codes, as the request log records them and its
 * error bodies carry them) by the kind of failure they are, plus the chat's own for failures
 * before or after the gateway answered (chat-completion-stream.ts).
 */
const BY_CODE: Readonly<Record<string, ChatErrorKind>> = {
  gateway_unreachable: 'gateway_down',
  gateway_not_running: 'gateway_down',
  shutting_down: 'gateway_down',
  upstream_key_missing: 'no_key',
  keychain_unavailable: 'no_key',
  upstream_not_configured: 'no_key',
  upstream_key_rejected: 'key_rejected',
  upstream_unreachable: 'unreachable',
  upstream_timeout: 'unreachable',
  first_byte_timeout: 'unreachable',
  unsupported_endpoint: 'model_cannot_chat',
  rate_limit_exceeded: 'rate_limited',
  rate_limited: 'rate_limited',
  insufficient_quota: 'account_limit',
  upstream_disconnected: 'upstream_error',
  upstream_empty_stream: 'upstream_error',
  upstream_invalid_response: 'upstream_error',
  upstream_response_too_large: 'upstream_error',
  upstream_stream_error: 'upstream_error',
  upstream_stream_truncated: 'upstream_error',
  bad_upstream_response: 'upstream_error',
  server_error: 'upstream_error',
  overloaded_error: 'upstream_error',
  unavailable: 'upstream_error',
  answer_cut_off: 'upstream_error',
  // A token's own budget, not the upstream's: no fix but the one its words give.
  budget: 'model_error',
};

/**
 * What kind of failure a chat answer's is, from the gateway's codes for it (its error body's,
 * the request log's) and the status it answered with. A code that names the failure wins; then
 * the status: a 429 is a rate limit, a 5xx a server error, another 4xx the model's own error
 * (the upstream answered, and the request was the problem), whatever generic code came with
 * them (a passed-through upstream error is logged only as `upstream_error`). Without a status,
 * a generic upstream error is one still; what nothing names is the model's own error.
 */
export function chatErrorKind(failure: {
  codes: readonly (string | null)[];
  status: number | null;
}): ChatErrorKind {
  for (const code of failure.codes) {
    const kind = code === null ? undefined : BY_CODE[code];
    if (kind) return kind;
  }
  const { status } = failure;
  if (status === 429) return 'rate_limited';
  if (status !== null) return status >= 500 ? 'upstream_error' : 'model_error';
  return failure.codes.includes('upstream_error') ? 'upstream_error' : 'model_error';
}
