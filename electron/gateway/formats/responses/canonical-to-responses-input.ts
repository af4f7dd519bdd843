import type {
  CanonicalImagePart,
  CanonicalMessage,
  CanonicalPart,
  ImageSource,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { tryParseJson } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { geminiSignature } from '../gemini/gemini-state.ts';
import { isReplayableReasoning, reasoningStateKey } from './responses-reasoning-state.ts';
import { responsesReasoning } from './responses-state.ts';

type Item = Record<string, unknown>;

const imageUrlOf = (source: ImageSource): string =>
  source.kind === 'url' ? source.url : `data:${source.mimeType};base64,${source.data}`;

function unsupported(part: CanonicalPart, role: string, index: number): Error {
  return badRequest(
    `A ${part.type} part in a ${role} turn (messages.${index}) cannot be sent to a responses model.`,
    `messages.${index}`,
  );
}

function userContent(message: CanonicalMessage, index: number): Item[] {
  return message.parts.map((part) => {
    if (part.type === 'text') return { type: 'input_text', text: part.text };
    if (part.type === 'image' && message.role === 'user') return inputImage(part);
    throw unsupported(part, message.role, index);
  });
}

function systemText(message: CanonicalMessage, index: number): string {
  return message.parts
    .map((part) => {
      if (part.type !== 'text') throw unsupported(part, 'system', index);
      return part.text;
    })
    .join('\n\n');
}

/** The reasoning item stored for a call, when the upstream gave one before it. */
function storedReasoning(callId: string, ctx: ConversionContext): Item | undefined {
  const text = ctx.state.get(reasoningStateKey(callId));
  const item = text === undefined ? undefined : tryParseJson(text);
  return isReplayableReasoning(item) ? item : undefined;
}

function assistantItems(message: CanonicalMessage, index: number, ctx: ConversionContext): Item[] {
  const items: Item[] = [];
  let content: Item[] | undefined;
  const flushMessage = () => {
    if (content) items.push({ type: 'message', role: 'assistant', content });
    content = undefined;
  };
  const carriesEncrypted = message.parts.some(
    (p) => p.type === 'reasoning' && Boolean(responsesReasoning(p).encrypted),
  );
  const replayed = new Set<string>();

  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
        (content ??= []).push({ type: 'output_text', text: part.text, annotations: [] });
        break;
      case 'refusal':
        (content ??= []).push({ type: 'refusal', refusal: part.text });
        break;
      case 'reasoning': {
        flushMessage();
        if (geminiSignature(part) !== undefined) addRule(ctx, 'responses.signature_dropped');
        const { encrypted, id } = responsesReasoning(part);
        if (encrypted !== undefined && id !== undefined) {
          const summary = part.text ? [{ type: 'summary_text', text: part.text }] : [];
          items.push({ type: 'reasoning', id, summary, encrypted_content: encrypted });
        } else {
          // Reasoning without OpenAI's encrypted state cannot be given back to an OpenAI model.
          addRule(ctx, 'responses.reasoning_text_dropped');
        }
        break;
      }
      case 'tool-call': {
        flushMessage();
        if (geminiSignature(part) !== undefined) addRule(ctx, 'responses.signature_dropped');
        const stored = carriesEncrypted ? undefined : storedReasoning(part.id, ctx);
        const storedId = typeof stored?.id === 'string' ? stored.id : undefined;
        if (stored && storedId !== undefined && !replayed.has(storedId)) {
          // Several calls can follow one reasoning item; it goes in once, before the first.
          replayed.add(storedId);
          items.push(stored);
          addRule(ctx, 'responses.reasoning_replayed');
        }
        items.push({
          type: 'function_call',
          call_id: part.id,
          name: part.name,
          arguments: part.arguments,
        });
        break;
      }
      default:
        throw unsupported(part, 'assistant', index);
    }
  }
  flushMessage();
  return items;
}

/**
 * A result with images (a screenshot a tool read) goes as a list of parts, its text first, as a
 * function output takes them; a text result stays a string.
 */
function toolItems(message: CanonicalMessage, index: number): Item[] {
  return message.parts.map((part) => {
    if (part.type !== 'tool-result') throw unsupported(part, 'tool', index);
    const images = part.images ?? [];
    if (images.length === 0)
      return { type: 'function_call_output', call_id: part.callId, output: part.content };
    const output: Item[] = part.content === '' ? [] : [{ type: 'input_text', text: part.content }];
    for (const image of images) output.push(inputImage(image));
    return { type: 'function_call_output', call_id: part.callId, output };
  });
}

function inputImage(image: CanonicalImagePart): Item {
  // `detail` is a required field of input_image in the 7.55 types.
  return {
    type: 'input_image',
    image_url: imageUrlOf(image.source),
    detail: image.detail ?? 'auto',
  };
}

/** Canonical turns as responses input items, replaying stored reasoning in front of its calls. */
export function canonicalToResponsesInput(
  messages: CanonicalMessage[],
  ctx: ConversionContext,
): Item[] {
  return messages.flatMap((message, index): Item[] => {
    switch (message.role) {
      case 'user':
        return [{ type: 'message', role: 'user', content: userContent(message, index) }];
      case 'system':
        return [{ type: 'message', role: 'system', content: systemText(message, index) }];
      case 'assistant':
        return assistantItems(message, index, ctx);
      case 'tool':
        return toolItems(message, index);
    }
  });
}
