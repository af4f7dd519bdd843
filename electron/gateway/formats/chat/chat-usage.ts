import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * A chat `usage` object in canonical form. Some OpenAI-compatible vendors (xAI) report
 * `completion_tokens` without the reasoning tokens and count those only in `total_tokens`;
 * recognised by total = prompt + completion + reasoning, they are added back to the output
 * (rule `chat.usage_reasoning_added_to_output`) so output always includes reasoning.
 */
export function chatUsageToCanonical(
  usage: unknown,
  ctx?: ConversionContext,
): CanonicalUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const input = count(usage.prompt_tokens) ?? 0;
  const completion = count(usage.completion_tokens) ?? 0;
  const total = count(usage.total_tokens);
  const cached = isRecord(usage.prompt_tokens_details)
    ? count(usage.prompt_tokens_details.cached_tokens)
    : undefined;
  const reasoning = isRecord(usage.completion_tokens_details)
    ? count(usage.completion_tokens_details.reasoning_tokens)
    : undefined;
  let output = completion;
  if (
    reasoning !== undefined &&
    reasoning > 0 &&
    total !== undefined &&
    total !== input + completion &&
    total === input + completion + reasoning
  ) {
    output = completion + reasoning;
    if (ctx) addRule(ctx, 'chat.usage_reasoning_added_to_output');
  }
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: total ?? input + output,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/** Canonical usage as chat's `usage` (SDK 7.55 `CompletionUsage`), details always present. */
export function canonicalUsageToChat(usage: CanonicalUsage): Record<string, unknown> {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.totalTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
  };
}
