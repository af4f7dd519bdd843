/**
 * The HTTP status an in-stream responses error stands for, from its `code` (or its `type`,
 * which older events carry alone). The status reaches clients of other formats, whose SDKs
 * classify errors by status only.
 */
const BY_CODE: Readonly<Record<string, number>> = {
  rate_limit_exceeded: 429,
  insufficient_quota: 429,
  server_error: 500,
  vector_store_timeout: 504,
  context_length_exceeded: 400,
  invalid_prompt: 400,
  invalid_request_error: 400,
  data_residency_mismatch: 400,
  bio_policy: 400,
  misalignment_policy_violation: 400,
  authentication_error: 401,
  invalid_api_key: 401,
  permission_error: 403,
  model_not_found: 404,
  rate_limit_error: 429,
};

export function statusOfResponsesError(code: string | undefined, type: string | undefined): number {
  for (const key of [code, type]) {
    if (key === undefined) continue;
    const status = BY_CODE[key];
    if (status !== undefined) return status;
    // Image input problems all name themselves (`invalid_image_url`, `image_too_large`, ...).
    if (/image/.test(key)) return 400;
  }
  return 500;
}
