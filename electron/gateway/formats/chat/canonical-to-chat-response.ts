import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { addRule, type ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { canonicalUsageToChat } from './chat-usage.ts';
import { canonicalFinishToChat } from './map-chat-finish-reason.ts';

/**
 * A canonical answer as the client's `chat.completion`. The id is the gateway's and the model
 * is the name the client asked for. Reasoning goes out as the non-standard `reasoning_content`
 * (openai-node keeps unknown message fields). Opaque state (signatures, encrypted reasoning)
 * has no place here; the upstream's codec keeps it by call id for the client's next turn.
 */
export function canonicalToChatResponse(
  response: CanonicalResponse,
  ctx: ResponseEncodeContext,
): Record<string, unknown> {
  const texts: string[] = [];
  const refusals: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: Record<string, unknown>[] = [];
  for (const part of response.parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'refusal') refusals.push(part.text);
    else if (part.type === 'reasoning') reasoning.push(part.text);
    else if (part.type === 'tool-call') {
      toolCalls.push({
        id: part.id,
        type: 'function',
        function: { name: part.name, arguments: part.arguments },
      });
    } else addRule(ctx, 'chat.unsupported_output_part_dropped');
  }
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: texts.length > 0 ? texts.join('') : null,
    refusal: refusals.length > 0 ? refusals.join('') : null,
  };
  const reasoningText = reasoning.join('');
  if (reasoningText) message.reasoning_content = reasoningText;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return {
    id: ctx.responseId,
    object: 'chat.completion',
    created: response.created,
    model: ctx.request.model,
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: canonicalFinishToChat(response.finishReason, toolCalls.length > 0, ctx),
      },
    ],
    ...(response.usage === undefined ? {} : { usage: canonicalUsageToChat(response.usage) }),
  };
}
