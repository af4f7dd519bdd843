import type { CanonicalMessage, CanonicalRequest } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { upgradeLegacyPartState } from '../legacy-part-state.ts';
import {
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalRecord,
  optionalString,
  requiredString,
  withoutDefaults,
} from './field-readers.ts';
import { responsesInputToCanonical } from './responses-input-to-canonical.ts';
import { responsesReasoningToCanonical } from './responses-reasoning-to-canonical.ts';
import { responsesTextToCanonical } from './responses-text-to-canonical.ts';
import {
  responsesToolChoiceToCanonical,
  responsesToolsToCanonical,
} from './responses-tools-to-canonical.ts';

const REQUEST_POLICY: FieldPolicy = {
  carried: [
    'model',
    'input',
    'instructions',
    'stream',
    'tools',
    'tool_choice',
    'parallel_tool_calls',
    'text',
    'temperature',
    'top_p',
    'max_output_tokens',
    'reasoning',
    // Honoured by the gateway's own response store, which serves `previous_response_id`.
    'store',
    'previous_response_id',
  ],
  dropped: {
    metadata: 'responses.metadata_dropped',
    user: 'responses.user_dropped',
    safety_identifier: 'responses.safety_identifier_dropped',
    prompt_cache_key: 'responses.prompt_cache_dropped',
    prompt_cache_retention: 'responses.prompt_cache_dropped',
    prompt_cache_options: 'responses.prompt_cache_dropped',
    service_tier: 'responses.service_tier_dropped',
    include: 'responses.include_dropped',
    truncation: 'responses.truncation_dropped',
    stream_options: 'responses.stream_options_dropped',
    // Codex CLI's per-request bookkeeping for OpenAI (installation and session ids).
    client_metadata: 'responses.client_metadata_dropped',
  },
  refused: {
    conversation:
      'conversations live in OpenAI storage; send the items or use previous_response_id',
    background: 'background responses need OpenAI to run and store them',
    prompt: 'prompt templates live in OpenAI storage',
    max_tool_calls: 'other formats cannot cap built-in tool calls',
    top_logprobs: 'log probabilities are not translated',
    context_management: 'server-side context compaction has no equivalent in other formats',
    moderation: 'OpenAI moderation settings have no equivalent in other formats',
  },
};

/** Fields whose value equals what the API does by default change nothing, so they are not refused. */
const NEUTRAL_DEFAULTS = { background: false, top_logprobs: 0 };

function storedHistory(id: string | undefined, ctx: ConversionContext): CanonicalMessage[] {
  if (id === undefined) return [];
  const stored = ctx.responses.get(id);
  if (!stored)
    throw new GatewayError(400, `Previous response with id '${id}' not found.`, {
      code: 'previous_response_not_found',
      param: 'previous_response_id',
    });
  // Conversations stored before opaque state moved into `state` still hold the old fields.
  return upgradeLegacyPartState(stored.messages);
}

/** A client's responses request as the canonical request. */
export function responsesRequestToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalRequest {
  applyFieldPolicy(withoutDefaults(body, NEUTRAL_DEFAULTS), REQUEST_POLICY, ctx);

  const history = storedHistory(optionalString(body, 'previous_response_id'), ctx);
  const input = responsesInputToCanonical(body.input, history, ctx);
  // `instructions` is not inherited through previous_response_id: each request brings its own.
  const instructions = optionalString(body, 'instructions');
  const systemTexts =
    instructions === undefined ? input.systemTexts : [instructions, ...input.systemTexts];

  const tools = optionalArray(body, 'tools');
  const toolChoice = body.tool_choice ?? undefined;
  const parallelToolCalls = optionalBoolean(body, 'parallel_tool_calls');
  const text = optionalRecord(body, 'text');
  const responseFormat = text === undefined ? undefined : responsesTextToCanonical(text, ctx);
  const reasoningBody = optionalRecord(body, 'reasoning');
  const reasoning =
    reasoningBody === undefined ? undefined : responsesReasoningToCanonical(reasoningBody, ctx);
  const temperature = optionalNumber(body, 'temperature');
  const topP = optionalNumber(body, 'top_p');
  const maxOutputTokens = optionalNumber(body, 'max_output_tokens');

  return {
    model: requiredString(body, 'model'),
    ...(systemTexts.length === 0 ? {} : { system: systemTexts.join('\n\n') }),
    messages: [...history, ...input.messages],
    ...(tools === undefined ? {} : { tools: responsesToolsToCanonical(tools, ctx) }),
    ...(toolChoice === undefined ? {} : { toolChoice: responsesToolChoiceToCanonical(toolChoice) }),
    ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }),
    sampling: {
      ...(temperature === undefined ? {} : { temperature }),
      ...(topP === undefined ? {} : { topP }),
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    },
    ...(responseFormat === undefined ? {} : { responseFormat }),
    ...(reasoning === undefined ? {} : { reasoning }),
    stream: optionalBoolean(body, 'stream') ?? false,
  };
}
