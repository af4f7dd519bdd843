import type {
  CanonicalImagePart,
  CanonicalMessage,
  CanonicalPart,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { foreignStateFormats } from '../../canonical/format-state.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import {
  resultImagesLabel,
  textWithImagePlaceholders,
} from '../../canonical/tool-result-images.ts';
import { canonicalImageToGemini } from './canonical-image-to-gemini.ts';
import { toolResultResponse } from './canonical-tool-result-to-gemini.ts';
import { takesFunctionResponseParts } from './function-response-images.ts';
import { geminiSignature } from './gemini-state.ts';
import { SKIP_THOUGHT_SIGNATURE, signatureStateKey } from './thought-signature.ts';

type GeminiPart = Record<string, unknown>;
interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface EncodedConversation {
  /** Leading system text plus any mid-conversation system turns, in order. */
  systemTexts: string[];
  contents: GeminiContent[];
}

const cannot = (param: string, what: string) =>
  badRequest(
    `'${param}' cannot be sent to a native-format model: ${what}.`,
    param,
    'unsupported_parameter',
  );

/**
 * Canonical turns → Gemini `contents`. Params name canonical turns and parts
 * (`messages.N.parts.M`). Call ids are not sent: Gemini matches results to calls by order.
 * The images a tool returned go inside its `functionResponse` as `parts` (Gemini 3's
 * multimodal function responses); toward a `model` without them (function-response-images.ts)
 * they follow the results in the same user turn, each result's named before its images (rule
 * `gemini.tool_result_images_as_user_turn`).
 */
export function canonicalToGeminiContents(
  system: string | undefined,
  messages: CanonicalMessage[],
  ctx: ConversionContext,
  model?: string,
): EncodedConversation {
  const nestImages = takesFunctionResponseParts(model);
  const systemTexts = system ? [system] : [];
  const contents: GeminiContent[] = [];
  const callNames = new Map<string, string>();
  // Set after a system turn, so the next turn does not merge into the one before it.
  let boundary = false;
  const add = (content: GeminiContent) => {
    if (boundary) contents.push(content);
    else append(contents, content);
    boundary = false;
  };

  messages.forEach((message, i) => {
    const where = `messages.${i}`;
    if (message.role === 'system') {
      // Gemini has one system instruction; later system turns join it, in order. The turns on
      // either side stay two turns, as the client sent them.
      addRule(ctx, 'gemini.system_turn_merged');
      systemTexts.push(...systemTurnTexts(message, where));
      boundary = true;
      return;
    }
    if (message.role === 'assistant') {
      add({ role: 'model', parts: assistantParts(message.parts, where, ctx, callNames) });
      return;
    }
    if (message.role === 'tool') {
      add({ role: 'user', parts: toolParts(message, where, ctx, callNames, nestImages) });
      return;
    }
    const parts = message.parts.map((part, j) => userPart(part, `${where}.parts.${j}`, ctx));
    add({ role: 'user', parts });
  });

  for (const content of contents) if (content.role === 'model') signFirstCall(content, ctx);
  return { systemTexts, contents: contents.filter((content) => content.parts.length > 0) };
}

function systemTurnTexts(message: CanonicalMessage, where: string): string[] {
  return message.parts.map((part, j) => {
    if (part.type !== 'text')
      throw cannot(`${where}.parts.${j}`, 'a system turn can only hold text');
    return part.text;
  });
}

function userPart(part: CanonicalPart, param: string, ctx: ConversionContext): GeminiPart {
  if (part.type === 'text') return { text: part.text };
  if (part.type === 'image') return imagePart(part, param, ctx);
  throw cannot(param, `a user turn cannot hold a ${part.type} part`);
}

function imagePart(part: CanonicalImagePart, param: string, ctx: ConversionContext): GeminiPart {
  if (part.detail !== undefined && part.detail !== 'auto')
    addRule(ctx, 'gemini.image_detail_dropped');
  return canonicalImageToGemini(part.source, param);
}

/**
 * A tool turn's function responses, each result's images in its `parts`, or, when the model
 * takes no `parts`, after all the responses with a line naming their result.
 */
function toolParts(
  message: CanonicalMessage,
  where: string,
  ctx: ConversionContext,
  callNames: Map<string, string>,
  nestImages: boolean,
): GeminiPart[] {
  const after: GeminiPart[] = [];
  const responses = message.parts.map((part, j): GeminiPart => {
    const param = `${where}.parts.${j}`;
    if (part.type !== 'tool-result')
      throw cannot(param, `a tool turn cannot hold a ${part.type} part`);
    const name = part.name ?? callNames.get(part.callId);
    if (name === undefined) {
      throw badRequest(
        `'${param}' answers tool call '${part.callId}', which is not in the conversation; Gemini needs the function's name.`,
        param,
      );
    }
    const images = (part.images ?? []).map((image, k) =>
      imagePart(image, `${param}.images.${k}`, ctx),
    );
    if (images.length === 0 || nestImages) {
      const response = { name, response: toolResultResponse(part.content) };
      return { functionResponse: images.length === 0 ? response : { ...response, parts: images } };
    }
    addRule(ctx, 'gemini.tool_result_images_as_user_turn');
    after.push(
      { text: resultImagesLabel({ callId: part.callId, name }, images.length) },
      ...images,
    );
    const content = textWithImagePlaceholders(part.content, images.length);
    return { functionResponse: { name, response: toolResultResponse(content) } };
  });
  return [...responses, ...after];
}

function assistantParts(
  parts: CanonicalPart[],
  where: string,
  ctx: ConversionContext,
  callNames: Map<string, string>,
): GeminiPart[] {
  const out: GeminiPart[] = [];
  parts.forEach((part, j) => {
    const param = `${where}.parts.${j}`;
    switch (part.type) {
      case 'text':
        out.push({ text: part.text });
        return;
      case 'refusal':
        addRule(ctx, 'gemini.refusal_as_text');
        out.push({ text: part.text });
        return;
      case 'tool-call': {
        callNames.set(part.id, part.name);
        const signature = geminiSignature(part) ?? ctx.state.get(signatureStateKey(part.id));
        out.push({
          functionCall: {
            name: part.name,
            args: callArguments(part.arguments, `${param}.arguments`),
          },
          ...(signature === undefined ? {} : { thoughtSignature: signature }),
        });
        return;
      }
      case 'reasoning':
        reasoningPart(part, out, ctx);
        return;
      default:
        throw cannot(param, `a model turn cannot hold a ${part.type} part`);
    }
  });
  return out;
}

/**
 * Signed reasoning goes back as a thought part, signature byte-exact. An empty one right after
 * a text part is that text's own signature (see gemini-part-to-canonical.ts) and returns to it.
 * Unsigned reasoning (another format's summary) cannot be replayed to Gemini.
 */
function reasoningPart(
  part: Extract<CanonicalPart, { type: 'reasoning' }>,
  out: GeminiPart[],
  ctx: ConversionContext,
): void {
  const signature = geminiSignature(part);
  if (signature === undefined) {
    if (part.text !== '' || foreignStateFormats(part, 'gemini').length > 0)
      addRule(ctx, 'gemini.reasoning_text_dropped');
    return;
  }
  const previous = out.at(-1);
  if (
    part.text === '' &&
    previous !== undefined &&
    typeof previous.text === 'string' &&
    previous.thought === undefined &&
    previous.thoughtSignature === undefined
  ) {
    previous.thoughtSignature = signature;
    return;
  }
  out.push({ text: part.text, thought: true, thoughtSignature: signature });
}

function callArguments(text: string, param: string): Record<string, unknown> {
  // Some OpenAI clients replay a no-argument call with empty arguments.
  if (text.trim() === '') return {};
  const parsed = tryParseJson(text);
  if (!isRecord(parsed)) {
    throw badRequest(
      `'${param}' must be a JSON object to be sent to a native-format model.`,
      param,
    );
  }
  return parsed;
}

/**
 * Gemini 3 checks the signature of the first function call of a model turn (parallel calls
 * after it are unsigned). When the real one is lost, send the documented sentinel.
 */
function signFirstCall(content: GeminiContent, ctx: ConversionContext): void {
  const first = content.parts.find((part) => part.functionCall !== undefined);
  if (first === undefined || first.thoughtSignature !== undefined) return;
  first.thoughtSignature = SKIP_THOUGHT_SIGNATURE;
  addRule(ctx, 'gemini.thought_signature_skipped');
}

function append(contents: GeminiContent[], content: GeminiContent): void {
  const last = contents.at(-1);
  if (last && last.role === content.role) last.parts.push(...content.parts);
  else contents.push(content);
}
