/**
 * `ResponseError.code` of a failed response is a closed set in the OpenAPI schema (the 7.55
 * types add `misalignment_policy_violation`, which the schema lacks, so it is left out here).
 */
const RESPONSE_ERROR_CODES: ReadonlySet<string> = new Set([
  'server_error',
  'rate_limit_exceeded',
  'invalid_prompt',
  'data_residency_mismatch',
  'bio_policy',
  'vector_store_timeout',
  'invalid_image',
  'invalid_image_format',
  'invalid_base64_image',
  'invalid_image_url',
  'image_too_large',
  'image_too_small',
  'image_parse_error',
  'image_content_policy_violation',
  'invalid_image_mode',
  'image_file_too_large',
  'unsupported_image_media_type',
  'empty_image_file',
  'failed_to_download_image',
  'image_file_not_found',
]);

/**
 * The `error` of a failed response. A code outside the set (an upstream's `internal`, the
 * gateway's `upstream_disconnected`) becomes the set's nearest member by HTTP status, and
 * the original code moves into the message so no detail is lost.
 */
export function responseErrorOf(
  status: number,
  message: string,
  code: string | undefined,
): { code: string; message: string } {
  if (code !== undefined && RESPONSE_ERROR_CODES.has(code)) return { code, message };
  const mapped = status === 429 ? 'rate_limit_exceeded' : 'server_error';
  return { code: mapped, message: code === undefined ? message : `${message} (${code})` };
}
