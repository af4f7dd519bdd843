import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { tryParseJson } from '../../canonical/json.ts';
import type { StateCarrier } from '../../canonical/format-state.ts';
import { stateToThinkingSignature } from './anthropic-signature.ts';
import { anthropicRedacted } from './anthropic-state.ts';

export type ThinkingOutputBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/**
 * A reasoning part for an Anthropic client. Redacted thinking goes back as it came. Otherwise a
 * thinking block: its text only when the client asked for thinking (rule
 * `anthropic.thinking_omitted`), and whatever opaque state the part carries in its `signature`
 * (see anthropic-signature.ts), so the client's next turn restores it. A part with no state gets
 * an empty signature, which the SDK's types allow (the gateway never invents one); a part with
 * neither text to show nor state is nothing. Undefined: nothing to send.
 */
export function reasoningOutputBlock(
  part: StateCarrier & { text: string },
  includeThoughts: boolean,
  ctx: ConversionContext,
): ThinkingOutputBlock | undefined {
  const redacted = anthropicRedacted(part);
  if (redacted !== undefined) return { type: 'redacted_thinking', data: redacted };
  const state = stateToThinkingSignature(part);
  if (state?.lost) addRule(ctx, 'anthropic.reasoning_state_dropped');
  if (!includeThoughts && part.text !== '') addRule(ctx, 'anthropic.thinking_omitted');
  const thinking = includeThoughts ? part.text : '';
  if (thinking === '' && state === undefined) return undefined;
  return { type: 'thinking', thinking, signature: state?.signature ?? '' };
}

/**
 * A call's JSON arguments as a `tool_use` input object; '' (a call without arguments) is `{}`.
 * Anything else that is not a JSON object cannot be written (a cut or broken upstream call).
 */
export function toolInput(name: string, args: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  const parsed = tryParseJson(args);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
    return parsed as Record<string, unknown>;
  throw new GatewayError(
    502,
    `The upstream called '${name}' with arguments that are not a JSON object.`,
    { code: 'upstream_invalid_response' },
  );
}
