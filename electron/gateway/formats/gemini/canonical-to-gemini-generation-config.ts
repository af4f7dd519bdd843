import type { CanonicalRequest, ReasoningEffort } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';

/**
 * Effort → `thinkingBudget` tokens (rule `gemini.reasoning_effort_to_budget`). A budget works
 * on every thinking Gemini model; `thinkingLevel` only on Gemini 3, and not every level on each.
 */
const EFFORT_BUDGET: Record<ReasoningEffort, number> = {
  none: 0,
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 32768,
  max: 32768,
};

/** Canonical sampling, response format and reasoning → `generationConfig`. */
export function canonicalToGeminiGenerationConfig(
  request: CanonicalRequest,
  ctx: ConversionContext,
): Record<string, unknown> | undefined {
  const { sampling, responseFormat, reasoning } = request;
  const config: Record<string, unknown> = {};
  if (sampling.temperature !== undefined) config.temperature = sampling.temperature;
  if (sampling.topP !== undefined) config.topP = sampling.topP;
  if (sampling.topK !== undefined) config.topK = sampling.topK;
  if (sampling.maxOutputTokens !== undefined) config.maxOutputTokens = sampling.maxOutputTokens;
  if (sampling.stop !== undefined && sampling.stop.length > 0) config.stopSequences = sampling.stop;
  if (sampling.seed !== undefined) config.seed = sampling.seed;
  if (sampling.presencePenalty !== undefined) config.presencePenalty = sampling.presencePenalty;
  if (sampling.frequencyPenalty !== undefined) config.frequencyPenalty = sampling.frequencyPenalty;

  if (responseFormat?.type === 'json') config.responseMimeType = 'application/json';
  if (responseFormat?.type === 'json-schema') {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = responseFormat.schema;
    // Gemini's schema has no name or description, and is always enforced.
    if (
      responseFormat.name !== undefined ||
      responseFormat.description !== undefined ||
      responseFormat.strict !== undefined
    ) {
      addRule(ctx, 'gemini.response_schema_name_dropped');
    }
  }

  const thinking: Record<string, unknown> = {};
  if (reasoning?.budgetTokens !== undefined) thinking.thinkingBudget = reasoning.budgetTokens;
  else if (reasoning?.effort !== undefined) {
    thinking.thinkingBudget = EFFORT_BUDGET[reasoning.effort];
    addRule(ctx, 'gemini.reasoning_effort_to_budget');
  }
  if (reasoning?.includeThoughts !== undefined)
    thinking.includeThoughts = reasoning.includeThoughts;
  if (Object.keys(thinking).length > 0) config.thinkingConfig = thinking;

  return Object.keys(config).length > 0 ? config : undefined;
}
