import type { CanonicalRequest, CanonicalSampling } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray, optionalBoolean, optionalNumber, requiredString } from '../read-field.ts';
import { ANTHROPIC_REQUEST_POLICY } from './anthropic-field-policy.ts';
import { anthropicMessagesToCanonical } from './anthropic-messages-to-canonical.ts';
import { anthropicSystemToCanonical } from './anthropic-text-block.ts';
import { anthropicReasoningToCanonical } from './anthropic-thinking-to-canonical.ts';
import {
  anthropicToolChoiceToCanonical,
  anthropicToolsToCanonical,
} from './anthropic-tools-to-canonical.ts';

/** A `POST /v1/messages` body as canonical. */
export function anthropicRequestToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalRequest {
  applyFieldPolicy(body, ANTHROPIC_REQUEST_POLICY, ctx);
  const model = requiredString(body.model, 'model');
  const system = anthropicSystemToCanonical(body.system, ctx);
  const decoded = anthropicMessagesToCanonical(body.messages, ctx);
  const tools = anthropicToolsToCanonical(body.tools, ctx);
  const { toolChoice, parallelToolCalls } = anthropicToolChoiceToCanonical(
    body.tool_choice,
    tools,
    ctx,
  );
  const { reasoning, responseFormat } = anthropicReasoningToCanonical(body, ctx);
  const systemText = [system, decoded.system].filter((t) => t !== undefined).join('\n\n');
  return {
    model,
    ...(systemText === '' ? {} : { system: systemText }),
    messages: decoded.messages,
    ...(tools.tools === undefined ? {} : { tools: tools.tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }),
    sampling: sampling(body),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    ...(reasoning === undefined ? {} : { reasoning }),
    stream: optionalBoolean(body.stream, 'stream') ?? false,
  };
}

/** `max_tokens` is required; 0 (warming the prompt cache, no answer) has no equivalent. */
function sampling(body: Record<string, unknown>): CanonicalSampling {
  const maxTokens = optionalNumber(body.max_tokens, 'max_tokens');
  if (maxTokens === undefined)
    throw badRequest("Missing required field 'max_tokens'.", 'max_tokens');
  if (!Number.isInteger(maxTokens) || maxTokens < 0)
    throw badRequest("Invalid 'max_tokens': expected a whole number.", 'max_tokens');
  if (maxTokens === 0)
    throw badRequest(
      "'max_tokens' cannot be translated: 0 only warms Anthropic's prompt cache, which another format cannot do.",
      'max_tokens',
      'unsupported_parameter',
    );
  const stop = optionalArray(body.stop_sequences, 'stop_sequences')?.map((item, i) =>
    requiredString(item, `stop_sequences.${i}`),
  );
  const values: CanonicalSampling = {
    temperature: optionalNumber(body.temperature, 'temperature'),
    topP: optionalNumber(body.top_p, 'top_p'),
    topK: optionalNumber(body.top_k, 'top_k'),
    maxOutputTokens: maxTokens,
    stop: stop !== undefined && stop.length > 0 ? stop : undefined,
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as CanonicalSampling;
}
