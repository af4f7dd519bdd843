import type { GatewayError } from '../canonical/gateway-error.ts';

/** `type` values OpenAI uses per status; SDKs classify by status only. */
function openAiErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'invalid_request_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/**
 * The error body of the chat-completions and responses paths. No credit left is OpenAI's 429
 * `insufficient_quota`, which its clients (Codex CLI, the SDKs) take as final rather than retry.
 */
export function openAiErrorBody(error: GatewayError): { error: Record<string, unknown> } {
  return {
    error: {
      message: error.message,
      type: error.outOfCredit ? 'insufficient_quota' : openAiErrorType(error.status),
      param: error.param ?? null,
      code: error.code ?? null,
    },
  };
}
