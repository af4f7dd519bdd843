import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import { isRecord } from '../../canonical/json.ts';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * `usageMetadata` → canonical usage in OpenAI's convention: input is the
 * prompt plus the tool-use prompt (cached tokens are already inside the prompt); output is
 * candidates plus thoughts, since Gemini's candidate count excludes thinking. Undefined when the
 * object carries no counts at all (Vertex's in-between `{trafficType}` records).
 */
export function geminiUsageToCanonical(value: unknown): CanonicalUsage | undefined {
  if (!isRecord(value)) return undefined;
  const prompt = count(value.promptTokenCount);
  const toolUse = count(value.toolUsePromptTokenCount);
  const candidates = count(value.candidatesTokenCount);
  const thoughts = count(value.thoughtsTokenCount);
  const cached = count(value.cachedContentTokenCount);
  const total = count(value.totalTokenCount);
  if ([prompt, toolUse, candidates, thoughts, cached, total].every((n) => n === undefined))
    return undefined;
  const inputTokens = (prompt ?? 0) + (toolUse ?? 0);
  const outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  return {
    inputTokens,
    outputTokens,
    totalTokens: total ?? inputTokens + outputTokens,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(thoughts === undefined ? {} : { reasoningTokens: thoughts }),
  };
}

/** Canonical usage → `usageMetadata`: candidates exclude the reasoning tokens again. */
export function canonicalUsageToGemini(usage: CanonicalUsage): Record<string, number> {
  const reasoning = usage.reasoningTokens ?? 0;
  const cached = usage.cachedInputTokens ?? 0;
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: Math.max(0, usage.outputTokens - reasoning),
    ...(reasoning > 0 ? { thoughtsTokenCount: reasoning } : {}),
    totalTokenCount: usage.totalTokens,
    ...(cached > 0 ? { cachedContentTokenCount: cached } : {}),
  };
}
