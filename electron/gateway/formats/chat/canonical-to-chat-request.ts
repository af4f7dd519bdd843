import type {
  CanonicalReasoning,
  CanonicalRequest,
  CanonicalResponseFormat,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { canonicalToChatMessages } from './canonical-to-chat-messages.ts';
import { canonicalToChatToolChoice, canonicalToChatTools } from './canonical-to-chat-tools.ts';
import { reasoningBudgetToEffort } from './reasoning-budget-to-effort.ts';

/**
 * A canonical request as an upstream chat-completions body. A streamed request always asks
 * for the usage chunk so every answer can be metered; whether the client sees it is the
 * stream encoder's business (`streamIncludeUsage`).
 */
export function canonicalToChatRequest(
  request: CanonicalRequest,
  ctx: ConversionContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.model,
    messages: canonicalToChatMessages(request.system, request.messages, ctx),
  };
  if (request.tools !== undefined && request.tools.length > 0)
    body.tools = canonicalToChatTools(request.tools);
  if (request.toolChoice !== undefined)
    body.tool_choice = canonicalToChatToolChoice(request.toolChoice);
  if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  const s = request.sampling;
  if (s.temperature !== undefined) body.temperature = s.temperature;
  if (s.topP !== undefined) body.top_p = s.topP;
  if (s.topK !== undefined) addRule(ctx, 'chat.top_k_dropped');
  // max_tokens is deprecated and refused by reasoning models; max_completion_tokens works everywhere.
  if (s.maxOutputTokens !== undefined) body.max_completion_tokens = s.maxOutputTokens;
  if (s.stop !== undefined && s.stop.length > 0) body.stop = s.stop;
  if (s.seed !== undefined) body.seed = s.seed;
  if (s.presencePenalty !== undefined) body.presence_penalty = s.presencePenalty;
  if (s.frequencyPenalty !== undefined) body.frequency_penalty = s.frequencyPenalty;
  if (request.responseFormat !== undefined)
    body.response_format = chatResponseFormat(request.responseFormat);
  const effort = reasoningEffort(request.reasoning, ctx);
  if (effort !== undefined) body.reasoning_effort = effort;
  if (request.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

function chatResponseFormat(format: CanonicalResponseFormat): Record<string, unknown> {
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json') return { type: 'json_object' };
  // Chat needs a name; non-strict is chat's own default and safe for schemas from Gemini,
  // which rarely meet strict mode's rules.
  return {
    type: 'json_schema',
    json_schema: {
      name: format.name ?? 'response',
      ...(format.description === undefined ? {} : { description: format.description }),
      schema: format.schema,
      strict: format.strict ?? false,
    },
  };
}

/** An explicit effort wins; a Gemini budget is mapped by the documented table. */
function reasoningEffort(
  reasoning: CanonicalReasoning | undefined,
  ctx: ConversionContext,
): string | undefined {
  if (reasoning === undefined) return undefined;
  if (reasoning.includeThoughts) addRule(ctx, 'chat.include_thoughts_dropped');
  if (reasoning.effort !== undefined) return reasoning.effort;
  if (reasoning.budgetTokens === undefined) return undefined;
  addRule(ctx, 'chat.thinking_budget_to_effort');
  return reasoningBudgetToEffort(reasoning.budgetTokens);
}
