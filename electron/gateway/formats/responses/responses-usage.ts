import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import { isRecord } from '../../canonical/json.ts';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * Responses usage already follows the canonical convention: `input_tokens` includes cached
 * ones and `output_tokens` includes reasoning ones. The total is recomputed if missing.
 */
export function responsesUsageToCanonical(usage: unknown): CanonicalUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const inputTokens = count(usage.input_tokens) ?? 0;
  const outputTokens = count(usage.output_tokens) ?? 0;
  const cached = isRecord(usage.input_tokens_details)
    ? count(usage.input_tokens_details.cached_tokens)
    : undefined;
  const reasoning = isRecord(usage.output_tokens_details)
    ? count(usage.output_tokens_details.reasoning_tokens)
    : undefined;
  return {
    inputTokens,
    outputTokens,
    totalTokens: count(usage.total_tokens) ?? inputTokens + outputTokens,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/**
 * The wire usage object. The 7.55 types and the OpenAPI schema require every detail count
 * (`cache_write_tokens` too, which an Anthropic upstream reports), so counts no upstream
 * reported are 0.
 */
export function canonicalUsageToResponses(usage: CanonicalUsage): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: {
      cached_tokens: usage.cachedInputTokens ?? 0,
      cache_write_tokens: usage.cacheWriteInputTokens ?? 0,
    },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.totalTokens,
  };
}
