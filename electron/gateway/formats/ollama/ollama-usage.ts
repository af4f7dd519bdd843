import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import { isRecord } from '../../canonical/json.ts';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/**
 * An Ollama answer's counts as canonical usage: `prompt_eval_count` in, `eval_count` out (Ollama
 * counts the thinking among the evaluated tokens, as the canonical output does). Undefined when
 * the record carries neither (every record but the last of a stream).
 */
export function ollamaUsageToCanonical(record: unknown): CanonicalUsage | undefined {
  if (!isRecord(record)) return undefined;
  const input = count(record.prompt_eval_count);
  const output = count(record.eval_count);
  if (input === undefined && output === undefined) return undefined;
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    totalTokens: (input ?? 0) + (output ?? 0),
  };
}

/**
 * Canonical usage as Ollama's counts. The whole input is reported, cached tokens included (a
 * local Ollama counts only the tokens it had to evaluate, which a hosted cache does not say).
 */
export function canonicalUsageToOllama(usage: CanonicalUsage | undefined): {
  prompt_eval_count: number;
  eval_count: number;
} {
  return { prompt_eval_count: usage?.inputTokens ?? 0, eval_count: usage?.outputTokens ?? 0 };
}
