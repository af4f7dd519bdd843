import type {
  CanonicalRequest,
  CanonicalSampling,
  ReasoningEffort,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { CHAT_REQUEST_POLICY, CHAT_STREAM_OPTIONS_POLICY } from './chat-field-policy.ts';
import { chatMessagesToCanonical } from './chat-messages-to-canonical.ts';
import {
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalRecord,
  optionalString,
  requiredString,
} from '../read-field.ts';
import { chatResponseFormatToCanonical } from './chat-response-format-to-canonical.ts';
import { chatToolChoiceToCanonical, chatToolsToCanonical } from './chat-tools-to-canonical.ts';

const EFFORTS: readonly string[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

const refuse = (param: string, reason: string) =>
  badRequest(`'${param}' cannot be translated: ${reason}`, param, 'unsupported_parameter');

/** A chat-completions request body as canonical. */
export function chatRequestToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalRequest {
  applyFieldPolicy(body, CHAT_REQUEST_POLICY, ctx);
  checkSingleTextAnswer(body);
  const messages = optionalArray(body.messages, 'messages');
  if (messages === undefined) throw badRequest("Missing required field 'messages'.", 'messages');
  const { system, messages: turns } = chatMessagesToCanonical(messages, ctx);
  const stream = optionalBoolean(body.stream, 'stream') ?? false;
  const tools = chatToolsToCanonical(body.tools, ctx);
  const toolChoice = chatToolChoiceToCanonical(body.tool_choice);
  const parallelToolCalls = optionalBoolean(body.parallel_tool_calls, 'parallel_tool_calls');
  const responseFormat = chatResponseFormatToCanonical(body.response_format);
  const effort = optionalString(body.reasoning_effort, 'reasoning_effort');
  if (effort !== undefined && !EFFORTS.includes(effort))
    throw badRequest(
      `Invalid 'reasoning_effort': expected one of ${EFFORTS.join(', ')}.`,
      'reasoning_effort',
    );
  const includeUsage = streamIncludeUsage(body.stream_options, ctx);
  return {
    model: requiredString(body.model, 'model'),
    ...(system === undefined ? {} : { system }),
    messages: turns,
    ...(tools === undefined ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(parallelToolCalls === undefined ? {} : { parallelToolCalls }),
    sampling: sampling(body, ctx),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    ...(effort === undefined ? {} : { reasoning: { effort: effort as ReasoningEffort } }),
    stream,
    ...(stream && includeUsage ? { streamIncludeUsage: true } : {}),
  };
}

/** `n`, `logprobs` and `modalities` are carried only at the values the canonical form can honour. */
function checkSingleTextAnswer(body: Record<string, unknown>): void {
  const n = optionalNumber(body.n, 'n');
  if (n !== undefined && (!Number.isInteger(n) || n < 1))
    throw badRequest("Invalid 'n': expected an integer of at least 1.", 'n');
  if (n !== undefined && n > 1)
    throw refuse('n', 'the gateway translates one candidate per request; send n=1.');
  if (optionalBoolean(body.logprobs, 'logprobs'))
    throw refuse('logprobs', 'log probabilities are not translated between formats.');
  const modalities = optionalArray(body.modalities, 'modalities');
  if (modalities?.some((m) => m !== 'text'))
    throw refuse('modalities', 'only text output is available through another format.');
}

function streamIncludeUsage(value: unknown, ctx: ConversionContext): boolean {
  const options = optionalRecord(value, 'stream_options');
  if (options === undefined) return false;
  applyFieldPolicy(options, CHAT_STREAM_OPTIONS_POLICY, ctx, 'stream_options');
  return optionalBoolean(options.include_usage, 'stream_options.include_usage') ?? false;
}

function sampling(body: Record<string, unknown>, ctx: ConversionContext): CanonicalSampling {
  const maxCompletion = optionalNumber(body.max_completion_tokens, 'max_completion_tokens');
  const maxTokens = optionalNumber(body.max_tokens, 'max_tokens');
  // max_tokens is the deprecated spelling; when both are sent the current one wins.
  if (maxCompletion !== undefined && maxTokens !== undefined)
    addRule(ctx, 'chat.max_tokens_superseded');
  const values: CanonicalSampling = {
    temperature: optionalNumber(body.temperature, 'temperature'),
    topP: optionalNumber(body.top_p, 'top_p'),
    maxOutputTokens: maxCompletion ?? maxTokens,
    stop: stopSequences(body.stop),
    seed: optionalNumber(body.seed, 'seed'),
    presencePenalty: optionalNumber(body.presence_penalty, 'presence_penalty'),
    frequencyPenalty: optionalNumber(body.frequency_penalty, 'frequency_penalty'),
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as CanonicalSampling;
}

function stopSequences(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return [value];
  const list = optionalArray(value, 'stop') ?? [];
  const stops = list.map((item, index) => requiredString(item, `stop.${index}`));
  return stops.length > 0 ? stops : undefined;
}
