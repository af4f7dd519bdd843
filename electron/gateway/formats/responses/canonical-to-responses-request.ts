import type { CanonicalReasoning, CanonicalRequest } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { canonicalToResponsesInput } from './canonical-to-responses-input.ts';
import {
  canonicalToResponsesTextFormat,
  canonicalToResponsesToolChoice,
  canonicalToResponsesTools,
} from './canonical-to-responses-tools.ts';
import { effortFromBudget } from './map-thinking-budget.ts';

/** The API refuses smaller caps (`integer_below_min_value`). */
const MIN_OUTPUT_TOKENS = 16;

function reasoningOf(
  reasoning: CanonicalReasoning | undefined,
  ctx: ConversionContext,
): Record<string, unknown> | undefined {
  if (!reasoning) return undefined;
  let effort = reasoning.effort;
  if (effort === undefined && reasoning.budgetTokens !== undefined) {
    addRule(ctx, 'responses.thinking_budget_to_effort');
    effort = effortFromBudget(reasoning.budgetTokens);
  }
  const out: Record<string, unknown> = {
    ...(effort === undefined ? {} : { effort }),
    ...(reasoning.includeThoughts ? { summary: 'auto' } : {}),
  };
  return Object.keys(out).length === 0 ? undefined : out;
}

/** Whether the model is asked to reason, so its encrypted reasoning is worth fetching. */
const asksForReasoning = (reasoning: Record<string, unknown> | undefined): boolean =>
  reasoning !== undefined && reasoning.effort !== 'none';

/**
 * The canonical request as an upstream responses body. `store` is always false: the gateway
 * sends the whole history every turn, and keeps what must survive between turns itself.
 */
export function canonicalToResponsesRequest(
  request: CanonicalRequest,
  ctx: ConversionContext,
): Record<string, unknown> {
  const { sampling } = request;
  // The responses API has no stop sequences: the gateway ends the text at them itself.
  if (sampling.stop !== undefined && sampling.stop.length > 0) {
    addRule(ctx, 'responses.stop_applied_by_gateway');
    ctx.outputLimits = { ...ctx.outputLimits, stop: sampling.stop };
  }
  if (sampling.seed !== undefined) addRule(ctx, 'responses.seed_dropped');
  if (sampling.topK !== undefined) addRule(ctx, 'responses.top_k_dropped');
  if (sampling.presencePenalty !== undefined || sampling.frequencyPenalty !== undefined)
    addRule(ctx, 'responses.penalties_dropped');
  let maxOutputTokens = sampling.maxOutputTokens;
  if (maxOutputTokens !== undefined && maxOutputTokens < MIN_OUTPUT_TOKENS) {
    // The upstream is asked for its minimum and the gateway cuts the text at the client's cap.
    addRule(ctx, 'responses.max_output_tokens_cut_by_gateway');
    ctx.outputLimits = { ...ctx.outputLimits, maxTextTokens: maxOutputTokens };
    maxOutputTokens = MIN_OUTPUT_TOKENS;
  }
  const reasoning = reasoningOf(request.reasoning, ctx);
  // With store:false, reasoning comes back replayable only when its encrypted form is included.
  const include = asksForReasoning(reasoning) ? ['reasoning.encrypted_content'] : undefined;
  if (include) addRule(ctx, 'responses.encrypted_reasoning_requested');

  return {
    model: request.model,
    ...(request.system === undefined ? {} : { instructions: request.system }),
    input: canonicalToResponsesInput(request.messages, ctx),
    ...(request.tools === undefined ? {} : { tools: canonicalToResponsesTools(request.tools) }),
    ...(request.toolChoice === undefined
      ? {}
      : { tool_choice: canonicalToResponsesToolChoice(request.toolChoice) }),
    ...(request.parallelToolCalls === undefined
      ? {}
      : { parallel_tool_calls: request.parallelToolCalls }),
    ...(request.responseFormat === undefined
      ? {}
      : { text: { format: canonicalToResponsesTextFormat(request.responseFormat) } }),
    ...(sampling.temperature === undefined ? {} : { temperature: sampling.temperature }),
    ...(sampling.topP === undefined ? {} : { top_p: sampling.topP }),
    ...(maxOutputTokens === undefined ? {} : { max_output_tokens: maxOutputTokens }),
    ...(reasoning === undefined ? {} : { reasoning }),
    ...(include === undefined ? {} : { include }),
    store: false,
    stream: request.stream,
  };
}
