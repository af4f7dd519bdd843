import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { canonicalToAnthropicMessages } from './canonical-to-anthropic-messages.ts';
import { canonicalToAnthropicThinking } from './canonical-to-anthropic-thinking.ts';
import { canonicalToAnthropicTools } from './canonical-to-anthropic-tools.ts';

/**
 * `max_tokens` is required by Messages; without a client cap the gateway asks for 32000 (rule
 * `anthropic.max_tokens_defaulted`), an output cap every model in the SDK's model list accepts.
 */
const DEFAULT_MAX_TOKENS = 32000;

/** How JSON mode without a schema, which Messages lacks, is asked for (rule `anthropic.json_mode_as_instruction`). */
const JSON_MODE_INSTRUCTION = 'Respond with a single valid JSON object and nothing else.';

/**
 * Canonical → a `POST /v1/messages` body (the 2026-10-21 `MessageCreateParams`). That version
 * has no temperature, top_p or top_k (nor seed or penalties): they are left out under rules.
 */
export function canonicalToAnthropicRequest(
  request: CanonicalRequest,
  ctx: ConversionContext,
): Record<string, unknown> {
  const s = request.sampling;
  let maxTokens = s.maxOutputTokens;
  if (maxTokens === undefined) {
    maxTokens = DEFAULT_MAX_TOKENS;
    addRule(ctx, 'anthropic.max_tokens_defaulted');
  }
  if (s.temperature !== undefined || s.topP !== undefined || s.topK !== undefined)
    addRule(ctx, 'anthropic.sampling_dropped');
  if (s.seed !== undefined) addRule(ctx, 'anthropic.seed_dropped');
  if (s.presencePenalty !== undefined || s.frequencyPenalty !== undefined)
    addRule(ctx, 'anthropic.penalties_dropped');

  const systemTexts = request.system === undefined ? [] : [request.system];
  const outputConfig: Record<string, unknown> = {};
  const format = request.responseFormat;
  if (format?.type === 'json') {
    addRule(ctx, 'anthropic.json_mode_as_instruction');
    systemTexts.push(JSON_MODE_INSTRUCTION);
  } else if (format?.type === 'json-schema') {
    outputConfig.format = { type: 'json_schema', schema: format.schema };
    if (
      format.name !== undefined ||
      format.description !== undefined ||
      format.strict !== undefined
    )
      addRule(ctx, 'anthropic.response_schema_name_dropped');
  }
  const { tools, tool_choice } = canonicalToAnthropicTools(
    request.tools,
    request.toolChoice,
    request.parallelToolCalls,
    ctx,
  );
  const thinking = canonicalToAnthropicThinking(request, maxTokens, ctx);
  return {
    model: request.model,
    max_tokens: maxTokens,
    ...(systemTexts.length > 0 ? { system: systemTexts.join('\n\n') } : {}),
    messages: canonicalToAnthropicMessages(request.messages, ctx),
    ...(tools === undefined ? {} : { tools }),
    ...(tool_choice === undefined ? {} : { tool_choice }),
    ...(thinking === undefined ? {} : { thinking }),
    ...(Object.keys(outputConfig).length > 0 ? { output_config: outputConfig } : {}),
    ...(s.stop !== undefined && s.stop.length > 0 ? { stop_sequences: s.stop } : {}),
    ...(request.stream ? { stream: true } : {}),
  };
}
