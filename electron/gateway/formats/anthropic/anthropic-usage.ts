import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import { isRecord } from '../../canonical/json.ts';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Anthropic's counts as they are on the wire (any may be missing from a stream's records). */
export interface AnthropicCounts {
  input?: number;
  cacheRead?: number;
  cacheWrite?: number;
  output?: number;
  thinking?: number;
}

/**
 * Reads a `usage` object of a Message or a stream record into `into`: present counts replace
 * earlier ones (stream usage is cumulative, and `message_delta` may bring input tokens that
 * `message_start` had not counted yet). Returns whether it held any count.
 */
export function readAnthropicUsage(value: unknown, into: AnthropicCounts): boolean {
  if (!isRecord(value)) return false;
  const read: AnthropicCounts = {
    input: count(value.input_tokens),
    cacheRead: count(value.cache_read_input_tokens),
    cacheWrite: count(value.cache_creation_input_tokens),
    output: count(value.output_tokens),
    thinking: isRecord(value.output_tokens_details)
      ? count(value.output_tokens_details.thinking_tokens)
      : undefined,
  };
  let any = false;
  for (const [key, n] of Object.entries(read) as [keyof AnthropicCounts, number | undefined][]) {
    if (n === undefined) continue;
    into[key] = n;
    any = true;
  }
  return any;
}

/**
 * Anthropic's counts in the canonical convention. Anthropic's `input_tokens` excludes the
 * tokens read from and written to the prompt cache; canonical input, like OpenAI's, includes
 * both: input = input_tokens + cache_read + cache_creation. `output_tokens` already includes
 * thinking.
 */
export function anthropicCountsToCanonical(counts: AnthropicCounts): CanonicalUsage {
  const inputTokens = (counts.input ?? 0) + (counts.cacheRead ?? 0) + (counts.cacheWrite ?? 0);
  const outputTokens = counts.output ?? 0;
  return {
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    ...(counts.cacheRead === undefined ? {} : { cachedInputTokens: counts.cacheRead }),
    ...(counts.cacheWrite === undefined ? {} : { cacheWriteInputTokens: counts.cacheWrite }),
    ...(counts.thinking === undefined ? {} : { reasoningTokens: counts.thinking }),
  };
}

/** A Message's `usage` as canonical usage, or undefined when it holds no count. */
export function anthropicUsageToCanonical(value: unknown): CanonicalUsage | undefined {
  const counts: AnthropicCounts = {};
  return readAnthropicUsage(value, counts) ? anthropicCountsToCanonical(counts) : undefined;
}

/** The counts of canonical usage as Anthropic reports them (input without the cached tokens). */
export function canonicalUsageToAnthropicCounts(usage: CanonicalUsage): {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  output_tokens_details: { thinking_tokens: number } | null;
} {
  const cacheRead = usage.cachedInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteInputTokens ?? 0;
  return {
    input_tokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: usage.outputTokens,
    output_tokens_details:
      usage.reasoningTokens === undefined ? null : { thinking_tokens: usage.reasoningTokens },
  };
}

/** A Message's whole `usage` object (the fields the SDK's `Usage` type requires). */
export function canonicalUsageToAnthropic(usage: CanonicalUsage | undefined) {
  const counts = usage
    ? canonicalUsageToAnthropicCounts(usage)
    : {
        input_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 0,
        output_tokens_details: null,
      };
  return {
    ...counts,
    cache_creation: null,
    inference_geo: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
  };
}
