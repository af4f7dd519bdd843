import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { addRule, type ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { canonicalFinishToOllama } from './map-ollama-done-reason.ts';
import { invalidOllamaCallError, ollamaToolCall } from './canonical-to-ollama-tool-call.ts';
import { OllamaTimer, systemClock, type OllamaClock } from './ollama-metrics.ts';
import { ollamaEndpointOfBody } from './ollama-wire.ts';

/** Whether the client wants thinking back: always, unless it sent `think: false`. */
export const showsThinking = (ctx: ResponseEncodeContext): boolean =>
  ctx.request.reasoning?.includeThoughts !== false;

/**
 * A canonical answer as the last (and only) record of a non-streamed Ollama answer: `message`
 * for `/api/chat`, `response` for `/api/generate` (whose record also carries an empty
 * `context`: there are no local tokens to give back). Ollama answers name no id; the model is
 * the name the client asked for. Refusals are text (rule `ollama.refusal_as_text`); thinking
 * goes in `thinking` unless the client sent `think: false` (rule `ollama.thinking_omitted`).
 */
export function canonicalToOllamaResponse(
  response: CanonicalResponse,
  ctx: ResponseEncodeContext,
  clock: OllamaClock = systemClock,
): Record<string, unknown> {
  const timer = new OllamaTimer(ctx.requestId, clock);
  const texts: string[] = [];
  const thoughts: string[] = [];
  const calls: Record<string, unknown>[] = [];
  for (const part of response.parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'refusal') {
      addRule(ctx, 'ollama.refusal_as_text');
      texts.push(part.text);
    } else if (part.type === 'reasoning') thoughts.push(part.text);
    else if (part.type === 'tool-call') {
      const call = ollamaToolCall(part.id, part.name, part.arguments, calls.length);
      if (call === undefined) throw invalidOllamaCallError(part.name);
      calls.push(call);
    } else addRule(ctx, 'ollama.unsupported_output_part_dropped');
  }
  let thinking = thoughts.join('');
  if (thinking !== '' && !showsThinking(ctx)) {
    addRule(ctx, 'ollama.thinking_omitted');
    thinking = '';
  }
  const head = { model: ctx.request.model, created_at: new Date(clock()).toISOString() };
  const tail = {
    done: true,
    done_reason: canonicalFinishToOllama(response.finishReason, ctx),
  };
  const metrics = timer.metrics(response.usage, false);
  if (ollamaEndpointOfBody(ctx.clientBody) === 'chat')
    return {
      ...head,
      message: {
        role: 'assistant',
        content: texts.join(''),
        ...(thinking === '' ? {} : { thinking }),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      },
      ...tail,
      ...metrics,
    };
  return {
    ...head,
    response: texts.join(''),
    ...(thinking === '' ? {} : { thinking }),
    ...tail,
    context: [],
    ...metrics,
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}
