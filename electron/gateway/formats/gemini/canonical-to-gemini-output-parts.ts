import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';

export type GeminiPart = Record<string, unknown>;

export function functionCallPart(
  id: string,
  name: string,
  args: Record<string, unknown>,
  signature: string | undefined,
): GeminiPart {
  return {
    functionCall: { id, name, args },
    ...(signature === undefined ? {} : { thoughtSignature: signature }),
  };
}

/**
 * Reasoning for a native client. Thought text goes out only when the client set
 * `includeThoughts` (Gemini sends none otherwise); a signature always goes out, on an empty text
 * part as Gemini itself sends it, so the client can replay it. Undefined: nothing to send.
 */
export function reasoningOutputPart(
  text: string,
  signature: string | undefined,
  encrypted: string | undefined,
  includeThoughts: boolean,
  ctx: ConversionContext,
): GeminiPart | undefined {
  // Another format's opaque reasoning state has no place in a Gemini answer.
  if (encrypted !== undefined) addRule(ctx, 'gemini.encrypted_reasoning_dropped');
  if (includeThoughts && text !== '') {
    return {
      text,
      thought: true,
      ...(signature === undefined ? {} : { thoughtSignature: signature }),
    };
  }
  if (text !== '') addRule(ctx, 'gemini.thoughts_omitted');
  return signature === undefined ? undefined : { text: '', thoughtSignature: signature };
}

/**
 * Anthropic's thinking state (a thinking block's signature, redacted thinking) has no place in a
 * Gemini answer either; the Anthropic codec keeps what a later turn needs by call id.
 */
export function dropAnthropicThinkingState(
  part: { thinkingSignature?: string; redacted?: string },
  ctx: ConversionContext,
): void {
  if (part.thinkingSignature !== undefined || part.redacted !== undefined)
    addRule(ctx, 'gemini.thinking_signature_dropped');
}

/** Canonical answer parts → Gemini candidate parts. */
export function canonicalToGeminiOutputParts(
  parts: CanonicalPart[],
  includeThoughts: boolean,
  ctx: ConversionContext,
): GeminiPart[] {
  const out: GeminiPart[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        out.push({ text: part.text });
        break;
      case 'refusal':
        addRule(ctx, 'gemini.refusal_as_text');
        out.push({ text: part.text });
        break;
      case 'tool-call':
        out.push(
          functionCallPart(part.id, part.name, callArgs(part.name, part.arguments), part.signature),
        );
        break;
      case 'reasoning': {
        dropAnthropicThinkingState(part, ctx);
        const encoded = reasoningOutputPart(
          part.text,
          part.signature,
          part.encrypted,
          includeThoughts,
          ctx,
        );
        if (encoded === undefined) break;
        const previous = out.at(-1);
        // A signature split off an answer text (gemini-part-to-canonical.ts) goes back on it.
        if (
          encoded.thought === undefined &&
          previous !== undefined &&
          typeof previous.text === 'string' &&
          previous.thought === undefined &&
          previous.thoughtSignature === undefined
        ) {
          previous.thoughtSignature = encoded.thoughtSignature;
        } else {
          out.push(encoded);
        }
        break;
      }
      case 'image':
      case 'tool-result':
        // Not answer parts in any format; nothing produces them.
        break;
    }
  }
  return out;
}

/**
 * A finished call's JSON arguments → Gemini's `args` object. Undefined when they are not a JSON
 * object (a cut or broken upstream call), which a Gemini answer has no way to carry.
 */
export function parseCallArgs(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  const parsed = tryParseJson(text);
  return isRecord(parsed) ? parsed : undefined;
}

export const invalidCallArgsError = (name: string): GatewayError =>
  new GatewayError(
    502,
    `The upstream called '${name}' with arguments that are not a JSON object.`,
    {
      code: 'upstream_invalid_response',
    },
  );

function callArgs(name: string, text: string): Record<string, unknown> {
  const args = parseCallArgs(text);
  if (args === undefined) throw invalidCallArgsError(name);
  return args;
}
