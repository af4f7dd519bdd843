import type { WireFormat } from '../../../../shared/wire-formats.ts';
import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import {
  foreignStateFormats,
  type StateCarrier,
  type StateHolder,
} from '../../canonical/format-state.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { geminiSignature } from './gemini-state.ts';

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
 * part as Gemini itself sends it, so the client can replay it. Other formats' state is dropped
 * (see dropForeignState). Undefined: nothing to send.
 */
export function reasoningOutputPart(
  part: StateCarrier & { text: string },
  includeThoughts: boolean,
  ctx: ConversionContext,
): GeminiPart | undefined {
  dropForeignState(part, ctx);
  const text = part.text;
  const signature = geminiSignature(part);
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
 * The rule under which another format's opaque reasoning state is left out of a Gemini answer:
 * Anthropic's thinking state (a thinking block's signature, redacted thinking; the Anthropic
 * codec keeps what a later turn needs by call id) and OpenAI's encrypted reasoning. State of a
 * format not named here is dropped as the latter is.
 */
const FOREIGN_STATE_RULES: Partial<Record<WireFormat, string>> = {
  anthropic: 'gemini.thinking_signature_dropped',
  responses: 'gemini.encrypted_reasoning_dropped',
};
const OTHER_STATE_RULE = 'gemini.encrypted_reasoning_dropped';

/** Records that state of other formats on a part or event has no place in a Gemini answer. */
export function dropForeignState(holder: StateHolder, ctx: ConversionContext): void {
  const foreign = foreignStateFormats(holder, 'gemini');
  for (const [format, rule] of Object.entries(FOREIGN_STATE_RULES))
    if (foreign.includes(format as WireFormat)) addRule(ctx, rule);
  if (foreign.some((format) => FOREIGN_STATE_RULES[format] === undefined))
    addRule(ctx, OTHER_STATE_RULE);
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
          functionCallPart(
            part.id,
            part.name,
            callArgs(part.name, part.arguments),
            geminiSignature(part),
          ),
        );
        break;
      case 'reasoning': {
        const encoded = reasoningOutputPart(part, includeThoughts, ctx);
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
