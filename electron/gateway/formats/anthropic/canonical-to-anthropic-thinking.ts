import type { CanonicalRequest, ReasoningEffort } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';

/**
 * Effort → `thinking.budget_tokens` (rule `anthropic.reasoning_effort_to_budget`). Manual
 * thinking with a budget works on every thinking Claude model; the smallest budget Messages
 * takes is 1024, and every budget fits under the default `max_tokens` with room for the answer.
 */
const ANTHROPIC_EFFORT_BUDGET: Record<Exclude<ReasoningEffort, 'none'>, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
  xhigh: 24576,
  max: 28672,
};

const MIN_BUDGET = 1024;

/**
 * Canonical reasoning → `thinking`. A budget wins over an effort (as for Gemini): 0 is
 * `disabled`, -1 (Gemini's dynamic budget) is `adaptive` (rule
 * `anthropic.dynamic_budget_as_adaptive`), others `enabled` with that budget; effort `none` is
 * `disabled`. The budget must be at least 1024 and below `max_tokens`, so it is clamped (rule
 * `anthropic.thinking_budget_clamped`), or thinking left off when the cap leaves no room.
 * Whether thought text comes back is `display`. Thinking is left off when the tool choice
 * forces a call, which Messages refuses with thinking (rule
 * `anthropic.thinking_dropped_for_forced_tool`).
 */
export function canonicalToAnthropicThinking(
  request: CanonicalRequest,
  maxTokens: number,
  ctx: ConversionContext,
): Record<string, unknown> | undefined {
  const reasoning = request.reasoning;
  if (reasoning === undefined) return undefined;
  let thinking: Record<string, unknown> | undefined;
  const budget = reasoning.budgetTokens;
  if (budget !== undefined && budget <= 0) {
    if (budget === 0) return { type: 'disabled' };
    addRule(ctx, 'anthropic.dynamic_budget_as_adaptive');
    thinking = { type: 'adaptive' };
  } else if (budget !== undefined) {
    thinking = enabled(budget, maxTokens, ctx);
  } else if (reasoning.effort === 'none') {
    return { type: 'disabled' };
  } else if (reasoning.effort !== undefined) {
    addRule(ctx, 'anthropic.reasoning_effort_to_budget');
    thinking = enabled(ANTHROPIC_EFFORT_BUDGET[reasoning.effort], maxTokens, ctx);
  }
  if (thinking === undefined) return undefined;
  const forced = request.toolChoice;
  if (
    forced?.type === 'required' ||
    forced?.type === 'tool' ||
    (forced?.type === 'allowed' && forced.mode === 'required')
  ) {
    addRule(ctx, 'anthropic.thinking_dropped_for_forced_tool');
    return undefined;
  }
  if (reasoning.includeThoughts !== undefined)
    thinking.display = reasoning.includeThoughts ? 'summarized' : 'omitted';
  return thinking;
}

function enabled(
  budget: number,
  maxTokens: number,
  ctx: ConversionContext,
): Record<string, unknown> | undefined {
  const fitted = Math.min(Math.max(budget, MIN_BUDGET), maxTokens - 1);
  if (fitted !== budget) addRule(ctx, 'anthropic.thinking_budget_clamped');
  if (fitted < MIN_BUDGET) return undefined;
  return { type: 'enabled', budget_tokens: fitted };
}
