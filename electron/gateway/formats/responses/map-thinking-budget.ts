import type { ReasoningEffort } from '../../canonical/canonical-request.ts';

/**
 * A Gemini thinking budget (tokens) as a responses effort. OpenAI takes no token budget, so the
 * gateway buckets it: 0 turns thinking off ('none', which some models refuse), up to 1024 is
 * low, up to 8192 medium, more is high; -1 (dynamic) leaves the model its default.
 */
export function effortFromBudget(budgetTokens: number): ReasoningEffort | undefined {
  if (budgetTokens < 0) return undefined;
  if (budgetTokens === 0) return 'none';
  if (budgetTokens <= 1024) return 'low';
  if (budgetTokens <= 8192) return 'medium';
  return 'high';
}
