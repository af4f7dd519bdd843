import type { ReasoningEffort } from '../../canonical/canonical-request.ts';

/**
 * A Gemini thinking budget (tokens) as a chat `reasoning_effort` (rule
 * `chat.thinking_budget_to_effort`). The table: 0 → none, up to 1024 → low, up to 8192 →
 * medium, more → high; -1 (dynamic) and other negatives → undefined, i.e. the model's default.
 */
export function reasoningBudgetToEffort(budgetTokens: number): ReasoningEffort | undefined {
  if (budgetTokens < 0) return undefined;
  if (budgetTokens === 0) return 'none';
  if (budgetTokens <= 1024) return 'low';
  if (budgetTokens <= 8192) return 'medium';
  return 'high';
}
