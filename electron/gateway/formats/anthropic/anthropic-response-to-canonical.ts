import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { ThinkingKeeper } from './anthropic-thinking-replay.ts';
import { anthropicUsageToCanonical } from './anthropic-usage.ts';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.ts';

/**
 * A `Message` → canonical. Thinking keeps its signature, redacted thinking its data, both
 * byte-exact as Anthropic state (anthropic-state.ts); the signed blocks before each `tool_use` are also kept
 * by the call's id for clients that cannot carry them. Blocks of Anthropic's own server tools
 * (web search and its results, code execution, …) are no answer the gateway asked for and are
 * left out, as are citations. A refusal's explanation (`stop_details`) becomes a refusal part.
 */
export function anthropicResponseToCanonical(
  body: unknown,
  ctx: ConversionContext,
): CanonicalResponse {
  if (!isRecord(body) || !Array.isArray(body.content))
    throw new GatewayError(502, 'The upstream answer was not a Messages `message` object.', {
      code: 'upstream_invalid_response',
    });
  const keeper = new ThinkingKeeper(ctx.state);
  const parts: CanonicalPart[] = [];
  for (const block of body.content) {
    const part = isRecord(block) ? blockToPart(block, keeper, ctx) : undefined;
    if (part !== undefined) parts.push(part);
  }
  const explanation = refusalExplanation(body.stop_reason, body.stop_details);
  if (explanation !== undefined) parts.push({ type: 'refusal', text: explanation });
  const hasCalls = parts.some((part) => part.type === 'tool-call');
  const usage = anthropicUsageToCanonical(body.usage);
  return {
    id: typeof body.id === 'string' && body.id ? body.id : newId('msg_'),
    model: typeof body.model === 'string' ? body.model : '',
    created: nowSeconds(),
    parts,
    finishReason: mapAnthropicStopReason(body.stop_reason, hasCalls, ctx),
    ...(usage === undefined ? {} : { usage }),
  };
}

function blockToPart(
  block: Record<string, unknown>,
  keeper: ThinkingKeeper,
  ctx: ConversionContext,
): CanonicalPart | undefined {
  switch (block.type) {
    case 'text':
      if (Array.isArray(block.citations) && block.citations.length > 0)
        addRule(ctx, 'anthropic.citations_dropped');
      return typeof block.text === 'string' ? { type: 'text', text: block.text } : undefined;
    case 'thinking': {
      const text = typeof block.thinking === 'string' ? block.thinking : '';
      const signature = typeof block.signature === 'string' ? block.signature : '';
      keeper.thinking(text, signature);
      return withAnthropicSignature(
        { type: 'reasoning', text },
        signature === '' ? undefined : signature,
      );
    }
    case 'redacted_thinking': {
      if (typeof block.data !== 'string') return undefined;
      keeper.redacted(block.data);
      return withAnthropicRedacted({ type: 'reasoning', text: '' }, block.data);
    }
    case 'tool_use': {
      const id = typeof block.id === 'string' && block.id ? block.id : newId('toolu_');
      keeper.call(id);
      return {
        type: 'tool-call',
        id,
        name: typeof block.name === 'string' ? block.name : '',
        arguments: JSON.stringify(block.input ?? {}),
      };
    }
    default:
      addRule(ctx, 'anthropic.unsupported_output_block_dropped');
      return undefined;
  }
}

/** The explanation of a refusal, when Anthropic gave one. */
export function refusalExplanation(stopReason: unknown, details: unknown): string | undefined {
  if (stopReason !== 'refusal' || !isRecord(details)) return undefined;
  return typeof details.explanation === 'string' && details.explanation
    ? details.explanation
    : undefined;
}
