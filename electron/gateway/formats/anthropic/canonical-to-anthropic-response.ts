import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { addRule, type ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { canonicalUsageToAnthropic } from './anthropic-usage.ts';
import { reasoningOutputBlock, toolInput } from './canonical-to-anthropic-output-blocks.ts';
import { toAnthropicStopReason } from './map-anthropic-stop-reason.ts';

/**
 * The `stop_details` of a refusal, and what is left of refusal text otherwise. A refusal that
 * ended the answer (content filter) is Anthropic's `refusal` stop with the text as its
 * explanation; a refusal in an answer that ended otherwise (OpenAI's) is written as text (rule
 * `anthropic.refusal_as_text`).
 */
export function refusalDetails(refusal: string, filtered: boolean) {
  return filtered
    ? {
        type: 'refusal' as const,
        category: null,
        explanation: refusal === '' ? null : refusal,
      }
    : null;
}

/**
 * A canonical answer as the client's `Message` (every field the SDK's type requires; those the
 * gateway cannot know are null). The id is the gateway's and the model the one the client asked
 * for. Gemini signatures on calls have no place on a `tool_use` block; the Gemini codec keeps
 * them by call id for the client's next turn.
 */
export function canonicalToAnthropicResponse(
  response: CanonicalResponse,
  ctx: ResponseEncodeContext,
): Record<string, unknown> {
  const includeThoughts = ctx.request.reasoning?.includeThoughts === true;
  const filtered = response.finishReason === 'content_filter';
  const content: Record<string, unknown>[] = [];
  const refusals: string[] = [];
  for (const part of response.parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') content.push({ type: 'text', text: part.text, citations: null });
        break;
      case 'reasoning': {
        const block = reasoningOutputBlock(part, includeThoughts, ctx);
        if (block !== undefined) content.push(block);
        break;
      }
      case 'tool-call':
        content.push({
          type: 'tool_use',
          id: part.id,
          name: part.name,
          input: toolInput(part.name, part.arguments),
          caller: { type: 'direct' },
        });
        break;
      case 'refusal':
        if (filtered) refusals.push(part.text);
        else {
          addRule(ctx, 'anthropic.refusal_as_text');
          content.push({ type: 'text', text: part.text, citations: null });
        }
        break;
      default:
        // Images and tool results are no answer parts in any format.
        break;
    }
  }
  const hasCalls = content.some((block) => block.type === 'tool_use');
  return {
    id: ctx.responseId,
    type: 'message',
    role: 'assistant',
    model: ctx.request.model,
    content,
    stop_reason: toAnthropicStopReason(response.finishReason, hasCalls, ctx),
    stop_sequence: null,
    stop_details: refusalDetails(refusals.join(''), filtered),
    container: null,
    diagnostics: null,
    usage: canonicalUsageToAnthropic(response.usage),
  };
}
