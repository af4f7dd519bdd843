import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { geminiUsageToCanonical } from './gemini-usage.ts';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.ts';
import { withGeminiSignature } from './gemini-state.ts';
import { signatureStateKey } from './thought-signature.ts';

/**
 * A GenerateContentResponse → canonical. Only the first candidate is read: the gateway never
 * asks for more. A call's thought signature is also stored under its id, for clients whose
 * format cannot carry it back.
 */
export function geminiResponseToCanonical(
  body: unknown,
  ctx: ConversionContext,
): CanonicalResponse {
  if (!isRecord(body)) {
    throw new GatewayError(502, 'The upstream answer was not a GenerateContentResponse object.', {
      code: 'upstream_invalid_response',
    });
  }
  const candidate = Array.isArray(body.candidates) ? body.candidates[0] : undefined;
  const parts = isRecord(candidate) ? candidateParts(candidate, ctx) : [];
  const hasCalls = parts.some((part) => part.type === 'tool-call');
  const blocked =
    isRecord(body.promptFeedback) && typeof body.promptFeedback.blockReason === 'string';
  const reason =
    isRecord(candidate) && typeof candidate.finishReason === 'string'
      ? candidate.finishReason
      : undefined;
  const usage = geminiUsageToCanonical(body.usageMetadata);
  return {
    id: typeof body.responseId === 'string' && body.responseId ? body.responseId : newId('resp_'),
    model: typeof body.modelVersion === 'string' ? body.modelVersion : '',
    created: nowSeconds(),
    parts,
    finishReason:
      candidate === undefined && blocked
        ? 'content_filter'
        : mapGeminiFinishReason(reason, hasCalls),
    ...(usage ? { usage } : {}),
  };
}

function candidateParts(
  candidate: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalPart[] {
  const content = candidate.content;
  if (!isRecord(content) || !Array.isArray(content.parts)) return [];
  const out: CanonicalPart[] = [];
  for (const part of content.parts) {
    if (!isRecord(part)) continue;
    const signature = typeof part.thoughtSignature === 'string' ? part.thoughtSignature : undefined;
    if (isRecord(part.functionCall)) {
      out.push(toolCall(part.functionCall, signature, ctx));
    } else if (typeof part.text === 'string') {
      if (part.thought === true) {
        out.push(
          withGeminiSignature({ type: 'reasoning', text: part.text }, signature || undefined),
        );
        continue;
      }
      // A signed answer text keeps its signature on an empty reasoning part right after it.
      if (part.text !== '') out.push({ type: 'text', text: part.text });
      if (signature !== undefined)
        out.push(withGeminiSignature({ type: 'reasoning', text: '' }, signature));
    } else if (signature !== undefined) {
      out.push(withGeminiSignature({ type: 'reasoning', text: '' }, signature));
    } else {
      // Code execution, generated media: nothing the gateway asked for or can carry.
      addRule(ctx, 'gemini.unsupported_output_part_dropped');
    }
  }
  return out;
}

function toolCall(
  call: Record<string, unknown>,
  signature: string | undefined,
  ctx: ConversionContext,
): CanonicalPart {
  const id = typeof call.id === 'string' && call.id ? call.id : newId('call_');
  if (signature !== undefined) ctx.state.set(signatureStateKey(id), signature);
  return withGeminiSignature(
    {
      type: 'tool-call',
      id,
      name: typeof call.name === 'string' ? call.name : '',
      arguments: JSON.stringify(isRecord(call.args) ? call.args : {}),
    },
    signature,
  );
}
