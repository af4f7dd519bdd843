import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { ollamaDoneReasonToCanonical } from './map-ollama-done-reason.ts';
import { ollamaUsageToCanonical } from './ollama-usage.ts';
import { newOllamaResponseId } from './ollama-wire.ts';

const malformed = (what: string) =>
  new GatewayError(502, `The upstream Ollama answer is malformed: ${what}.`, {
    code: 'bad_upstream_response',
  });

/** Ollama's `created_at` (RFC 3339, nanoseconds) in Unix seconds; now when it is unreadable. */
export function ollamaCreatedSeconds(value: unknown): number {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : nowSeconds();
}

/**
 * One Ollama tool call as a canonical call: arguments (an object) become JSON text; a call
 * without an id (Ollama before tool call ids) gets a fresh one.
 */
export function ollamaCallToCanonical(call: unknown): CanonicalPart | undefined {
  if (!isRecord(call) || !isRecord(call.function)) return undefined;
  const fn = call.function;
  return {
    type: 'tool-call',
    id: typeof call.id === 'string' && call.id ? call.id : newId('call_'),
    name: typeof fn.name === 'string' ? fn.name : '',
    arguments: JSON.stringify(isRecord(fn.arguments) ? fn.arguments : {}),
  };
}

/**
 * A non-streamed `/api/chat` answer as canonical: thinking, then text, then calls. A
 * `/api/generate` record (`response` instead of `message`) is read the same way.
 */
export function ollamaResponseToCanonical(
  body: unknown,
  _ctx: ConversionContext,
): CanonicalResponse {
  if (!isRecord(body)) throw malformed('the body is not a JSON object');
  const message = isRecord(body.message) ? body.message : undefined;
  if (message === undefined && typeof body.response !== 'string')
    throw malformed('it has neither a message nor a response');
  const source = message ?? {
    content: body.response,
    thinking: body.thinking,
    tool_calls: body.tool_calls,
  };
  const parts: CanonicalPart[] = [];
  if (typeof source.thinking === 'string' && source.thinking)
    parts.push({ type: 'reasoning', text: source.thinking });
  if (typeof source.content === 'string' && source.content)
    parts.push({ type: 'text', text: source.content });
  for (const call of Array.isArray(source.tool_calls) ? source.tool_calls : []) {
    const part = ollamaCallToCanonical(call);
    if (part) parts.push(part);
  }
  const hasCalls = parts.some((part) => part.type === 'tool-call');
  const usage = ollamaUsageToCanonical(body);
  return {
    id: newOllamaResponseId(),
    model: typeof body.model === 'string' ? body.model : '',
    created: ollamaCreatedSeconds(body.created_at),
    parts,
    finishReason: ollamaDoneReasonToCanonical(body.done_reason, hasCalls),
    ...(usage === undefined ? {} : { usage }),
  };
}
