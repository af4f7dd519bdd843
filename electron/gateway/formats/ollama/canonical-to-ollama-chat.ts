import type {
  CanonicalRequest,
  CanonicalResponseFormat,
  CanonicalTool,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { canonicalToOllamaMessages } from './canonical-to-ollama-messages.ts';
import { canonicalToOllamaThink } from './map-ollama-think.ts';

const EMPTY_PARAMETERS = { type: 'object', properties: {} };

/**
 * A canonical request as the body of an Ollama upstream's `POST /api/chat`. `stream` is always
 * written, as Ollama streams when it is absent. Sampling goes in `options` (the cap as
 * `num_predict`), the response format in `format`, reasoning in `think`.
 */
export function canonicalToOllamaChat(
  request: CanonicalRequest,
  ctx: ConversionContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.model,
    messages: canonicalToOllamaMessages(request.system, request.messages, ctx),
    stream: request.stream,
  };
  const tools = toolsToSend(request, ctx);
  if (tools.length > 0) body.tools = tools.map((tool) => ollamaTool(tool, ctx));
  if (request.parallelToolCalls === false) addRule(ctx, 'ollama.parallel_tool_calls_dropped');
  const format = ollamaFormat(request.responseFormat, ctx);
  if (format !== undefined) body.format = format;
  const think = canonicalToOllamaThink(request.reasoning, ctx);
  if (think !== undefined) body.think = think;
  const options = ollamaOptions(request);
  if (Object.keys(options).length > 0) body.options = options;
  return body;
}

/**
 * Ollama has no tool choice. `none` is sent as no tools and an allowed subset as only those
 * tools (rules `ollama.tool_choice_none_as_no_tools`, `ollama.allowed_tools_filtered`). A
 * choice that requires a call is refused: Ollama cannot be made to call, and the client relies
 * on the call.
 */
function toolsToSend(request: CanonicalRequest, ctx: ConversionContext): CanonicalTool[] {
  const tools = request.tools ?? [];
  const choice = request.toolChoice;
  if (tools.length === 0 || choice === undefined || choice.type === 'auto') return tools;
  if (choice.type === 'none') {
    addRule(ctx, 'ollama.tool_choice_none_as_no_tools');
    return [];
  }
  if (choice.type === 'allowed' && choice.mode === 'auto') {
    addRule(ctx, 'ollama.allowed_tools_filtered');
    return tools.filter((tool) => choice.names.includes(tool.name));
  }
  throw badRequest(
    "'tool_choice' cannot be sent to an Ollama model: it cannot be made to call a tool; let it choose (auto).",
    'tool_choice',
    'unsupported_parameter',
  );
}

function ollamaTool(tool: CanonicalTool, ctx: ConversionContext): Record<string, unknown> {
  if (tool.strict !== undefined) addRule(ctx, 'ollama.tool_strict_dropped');
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      // Ollama's templates read `parameters.properties`; a tool without arguments gets none.
      parameters: tool.parameters ?? EMPTY_PARAMETERS,
    },
  };
}

function ollamaFormat(
  format: CanonicalResponseFormat | undefined,
  ctx: ConversionContext,
): unknown {
  if (format === undefined || format.type === 'text') return undefined;
  if (format.type === 'json') return 'json';
  if (format.name !== undefined || format.description !== undefined || format.strict !== undefined)
    addRule(ctx, 'ollama.response_schema_name_dropped');
  return format.schema;
}

function ollamaOptions(request: CanonicalRequest): Record<string, unknown> {
  const s = request.sampling;
  const options: Record<string, unknown> = {};
  if (s.temperature !== undefined) options.temperature = s.temperature;
  if (s.topP !== undefined) options.top_p = s.topP;
  if (s.topK !== undefined) options.top_k = s.topK;
  if (s.maxOutputTokens !== undefined) options.num_predict = s.maxOutputTokens;
  if (s.stop !== undefined && s.stop.length > 0) options.stop = s.stop;
  if (s.seed !== undefined) options.seed = s.seed;
  if (s.presencePenalty !== undefined) options.presence_penalty = s.presencePenalty;
  if (s.frequencyPenalty !== undefined) options.frequency_penalty = s.frequencyPenalty;
  return options;
}
