import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { chatContentPieces } from './chat-content-pieces.ts';
import { chatUsageToCanonical } from './chat-usage.ts';
import { chatFinishToCanonical } from './map-chat-finish-reason.ts';

const malformed = (what: string) =>
  new GatewayError(502, `The upstream chat-completions answer is malformed: ${what}.`, {
    code: 'bad_upstream_response',
  });

/**
 * A `chat.completion` body as canonical. Only `choices[0]` is read: requests reaching a chat
 * upstream through the gateway never ask for more than one candidate. Reasoning comes first
 * (`reasoning_content`, OpenRouter's `reasoning`, or Mistral thinking parts), then text,
 * refusal and tool calls.
 */
export function chatResponseToCanonical(body: unknown, ctx: ConversionContext): CanonicalResponse {
  if (!isRecord(body)) throw malformed('the body is not a JSON object');
  const choice = Array.isArray(body.choices) ? body.choices[0] : undefined;
  if (!isRecord(choice)) throw malformed('it has no choices');
  const message = isRecord(choice.message) ? choice.message : {};
  const reasoning: CanonicalPart[] = [];
  const rest: CanonicalPart[] = [];
  const explicitReasoning =
    typeof message.reasoning_content === 'string' ? message.reasoning_content : message.reasoning;
  if (typeof explicitReasoning === 'string' && explicitReasoning)
    reasoning.push({ type: 'reasoning', text: explicitReasoning });
  for (const piece of chatContentPieces(message.content)) {
    if (piece.kind === 'reasoning') reasoning.push({ type: 'reasoning', text: piece.text });
    else rest.push({ type: 'text', text: piece.text });
  }
  if (typeof message.refusal === 'string' && message.refusal)
    rest.push({ type: 'refusal', text: message.refusal });
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const call of calls) {
    if (!isRecord(call) || !isRecord(call.function)) continue;
    const fn = call.function;
    rest.push({
      type: 'tool-call',
      id: typeof call.id === 'string' && call.id ? call.id : newId('call_'),
      name: typeof fn.name === 'string' ? fn.name : '',
      arguments:
        typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}),
    });
  }
  const hasToolCalls = rest.some((p) => p.type === 'tool-call');
  const usage = chatUsageToCanonical(body.usage, ctx);
  return {
    id: typeof body.id === 'string' && body.id ? body.id : newId('chatcmpl-'),
    model: typeof body.model === 'string' ? body.model : '',
    created: typeof body.created === 'number' && body.created > 0 ? body.created : nowSeconds(),
    parts: [...reasoning, ...rest],
    finishReason: chatFinishToCanonical(choice.finish_reason, hasToolCalls),
    ...(usage === undefined ? {} : { usage }),
  };
}
