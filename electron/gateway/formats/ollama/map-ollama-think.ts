import type { CanonicalReasoning, ReasoningEffort } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

export type OllamaThink = boolean | 'low' | 'medium' | 'high' | 'max';

const LEVELS: readonly string[] = ['low', 'medium', 'high', 'max'];

/**
 * Ollama `think` as canonical reasoning. A level is that effort; `true` is `medium`, as the
 * Ollama server reads it; both ask for the thinking back (Ollama returns it in `thinking`).
 * `false` only hides the thinking (rule `ollama.think_false_hides_thoughts`): effort `none`
 * would be refused by models that cannot stop reasoning and by models that do not reason at all,
 * where Ollama itself just answers.
 */
export function ollamaThinkToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalReasoning | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === false) {
    addRule(ctx, 'ollama.think_false_hides_thoughts');
    return { includeThoughts: false };
  }
  if (value === true) return { effort: 'medium', includeThoughts: true };
  if (typeof value === 'string' && LEVELS.includes(value))
    return { effort: value as ReasoningEffort, includeThoughts: true };
  throw badRequest(
    'Invalid \'think\': expected true, false, "low", "medium", "high" or "max".',
    'think',
  );
}

const EFFORT_THINK: Readonly<Record<ReasoningEffort, OllamaThink>> = {
  none: false,
  minimal: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  // `max` is recent on the Ollama server and unknown to ollama-js 0.6.4: `high` is what every
  // version takes.
  xhigh: 'high',
  max: 'high',
};

/** A thinking budget (Gemini's tokens): 0 is off, -1 is the model's choice, else a level. */
function budgetToThink(budget: number): OllamaThink {
  if (budget === 0) return false;
  if (budget < 0) return true;
  if (budget <= 1024) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}

/**
 * Canonical reasoning as Ollama `think`, for an Ollama upstream. An effort wins over a budget.
 * Wanting the thoughts without an effort is `true`; not wanting them has no place (Ollama sends
 * thinking whenever the model thinks), so it is left out under a rule.
 */
export function canonicalToOllamaThink(
  reasoning: CanonicalReasoning | undefined,
  ctx: ConversionContext,
): OllamaThink | undefined {
  if (reasoning === undefined) return undefined;
  if (reasoning.effort !== undefined) {
    const think = EFFORT_THINK[reasoning.effort];
    if (think !== reasoning.effort && typeof think === 'string')
      addRule(ctx, 'ollama.reasoning_effort_to_think');
    return think;
  }
  if (reasoning.budgetTokens !== undefined) {
    addRule(ctx, 'ollama.thinking_budget_to_think');
    return budgetToThink(reasoning.budgetTokens);
  }
  if (reasoning.includeThoughts === true) return true;
  if (reasoning.includeThoughts === false) addRule(ctx, 'ollama.include_thoughts_dropped');
  return undefined;
}
