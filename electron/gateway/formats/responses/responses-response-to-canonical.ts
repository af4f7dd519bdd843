import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { finishReasonOf } from './map-responses-status.ts';
import { isReplayableReasoning, rememberReasoningForCall } from './responses-reasoning-state.ts';
import { withResponsesReasoning } from './responses-state.ts';
import { responsesUsageToCanonical } from './responses-usage.ts';

const textOf = (part: Record<string, unknown>): string =>
  typeof part.text === 'string' ? part.text : '';

/** Texts of the parts of one type in a list (`summary_text`, `reasoning_text`). */
function textsOfType(parts: unknown, type: string): string[] {
  if (!Array.isArray(parts)) return [];
  return parts
    .filter((p) => isRecord(p) && p.type === type)
    .map((p) => textOf(p as Record<string, unknown>));
}

/** A reasoning output item as a reasoning part; summaries first, raw reasoning text otherwise. */
function reasoningPartOf(item: Record<string, unknown>): CanonicalPart | undefined {
  const summary = textsOfType(item.summary, 'summary_text');
  const raw = textsOfType(item.content, 'reasoning_text');
  const text = (summary.length > 0 ? summary : raw).join('\n\n');
  const encrypted = typeof item.encrypted_content === 'string' ? item.encrypted_content : undefined;
  if (!text && encrypted === undefined) return undefined;
  return withResponsesReasoning(
    { type: 'reasoning', text },
    encrypted,
    typeof item.id === 'string' ? item.id : undefined,
  );
}

function messageParts(item: Record<string, unknown>): CanonicalPart[] {
  if (!Array.isArray(item.content)) return [];
  const parts: CanonicalPart[] = [];
  for (const part of item.content) {
    if (!isRecord(part)) continue;
    if (part.type === 'output_text') parts.push({ type: 'text', text: textOf(part) });
    else if (part.type === 'refusal' && typeof part.refusal === 'string')
      parts.push({ type: 'refusal', text: part.refusal });
  }
  return parts;
}

/**
 * An upstream response object as the canonical answer. A reasoning item with encrypted content
 * is also remembered for every function call after it, for clients that cannot send it back.
 */
export function responsesResponseToCanonical(
  body: unknown,
  ctx: ConversionContext,
): CanonicalResponse {
  if (!isRecord(body) || !Array.isArray(body.output))
    throw new GatewayError(502, 'The upstream answered with something that is not a response.');
  const parts: CanonicalPart[] = [];
  let reasoningJson: string | undefined;
  let hasToolCalls = false;

  for (const item of body.output) {
    if (!isRecord(item)) continue;
    switch (item.type) {
      case 'reasoning': {
        reasoningJson = isReplayableReasoning(item) ? JSON.stringify(item) : undefined;
        const part = reasoningPartOf(item);
        if (part) parts.push(part);
        break;
      }
      case 'message':
        parts.push(...messageParts(item));
        break;
      case 'function_call': {
        hasToolCalls = true;
        const id = typeof item.call_id === 'string' && item.call_id ? item.call_id : newId('call_');
        if (reasoningJson !== undefined) rememberReasoningForCall(ctx.state, id, reasoningJson);
        parts.push({
          type: 'tool-call',
          id,
          name: typeof item.name === 'string' ? item.name : '',
          arguments: typeof item.arguments === 'string' ? item.arguments : '',
        });
        break;
      }
      default:
        // Built-in tool items only come back for built-in tools, which the gateway never sends.
        addRule(ctx, 'responses.unknown_output_item_dropped');
    }
  }

  const usage = responsesUsageToCanonical(body.usage);
  return {
    id: typeof body.id === 'string' ? body.id : newId('resp_'),
    model: typeof body.model === 'string' ? body.model : '',
    created: typeof body.created_at === 'number' ? body.created_at : nowSeconds(),
    parts,
    finishReason: finishReasonOf(body.status, body.incomplete_details, hasToolCalls),
    ...(usage === undefined ? {} : { usage }),
  };
}
