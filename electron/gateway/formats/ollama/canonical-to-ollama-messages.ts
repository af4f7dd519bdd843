import type { CanonicalMessage, CanonicalPart } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { canonicalImageToOllama } from './canonical-image-to-ollama.ts';

type OllamaMessage = Record<string, unknown>;

const cannot = (param: string, what: string) =>
  badRequest(
    `'${param}' cannot be sent to an Ollama model: ${what}.`,
    param,
    'unsupported_parameter',
  );

/**
 * Canonical system text and turns as Ollama `messages`. Params name canonical turns and parts
 * (`messages.N.parts.M`). A message has one `content` string and its `images` beside it, so a
 * user turn's texts are joined with blank lines. Calls keep their ids (the Ollama server takes
 * `id` and `tool_call_id`, older ones ignore them) and results name their tool (`tool_name`),
 * which is how every Ollama version links them.
 */
export function canonicalToOllamaMessages(
  system: string | undefined,
  turns: readonly CanonicalMessage[],
  ctx: ConversionContext,
): OllamaMessage[] {
  const messages: OllamaMessage[] = [];
  const callNames = new Map<string, string>();
  if (system !== undefined) messages.push({ role: 'system', content: system });
  turns.forEach((turn, i) => {
    const where = `messages.${i}`;
    if (turn.role === 'system') messages.push({ role: 'system', content: texts(turn, where) });
    else if (turn.role === 'user') messages.push(userMessage(turn, where, ctx));
    else if (turn.role === 'assistant')
      messages.push(assistantMessage(turn, where, callNames, ctx));
    else messages.push(...toolMessages(turn, where, callNames));
  });
  return messages;
}

function texts(turn: CanonicalMessage, where: string): string {
  return turn.parts
    .map((part, j) => {
      if (part.type !== 'text')
        throw cannot(`${where}.parts.${j}`, 'a system turn holds only text');
      return part.text;
    })
    .join('\n\n');
}

function userMessage(turn: CanonicalMessage, where: string, ctx: ConversionContext): OllamaMessage {
  const content: string[] = [];
  const images: string[] = [];
  turn.parts.forEach((part, j) => {
    const param = `${where}.parts.${j}`;
    if (part.type === 'text') content.push(part.text);
    else if (part.type === 'image') {
      if (part.detail !== undefined && part.detail !== 'auto')
        addRule(ctx, 'ollama.image_detail_dropped');
      images.push(canonicalImageToOllama(part.source, param));
    } else throw cannot(param, `a user turn cannot hold a ${part.type} part`);
  });
  return {
    role: 'user',
    content: content.join('\n\n'),
    ...(images.length > 0 ? { images } : {}),
  };
}

function assistantMessage(
  turn: CanonicalMessage,
  where: string,
  callNames: Map<string, string>,
  ctx: ConversionContext,
): OllamaMessage {
  const content: string[] = [];
  const thinking: string[] = [];
  const calls: Record<string, unknown>[] = [];
  turn.parts.forEach((part, j) => {
    const param = `${where}.parts.${j}`;
    if (part.type === 'text') content.push(part.text);
    else if (part.type === 'refusal') {
      addRule(ctx, 'ollama.refusal_as_text');
      content.push(part.text);
    } else if (part.type === 'reasoning') thinking.push(part.text);
    else if (part.type === 'tool-call') {
      callNames.set(part.id, part.name);
      calls.push({
        id: part.id,
        function: { name: part.name, arguments: callArguments(part, `${param}.arguments`) },
      });
    } else throw cannot(param, `an assistant turn cannot hold a ${part.type} part`);
  });
  const thought = thinking.join('');
  return {
    role: 'assistant',
    // Pieces of one answer (Gemini splits text arbitrarily).
    content: content.join(''),
    ...(thought === '' ? {} : { thinking: thought }),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}

function callArguments(
  part: Extract<CanonicalPart, { type: 'tool-call' }>,
  param: string,
): Record<string, unknown> {
  // Some OpenAI clients replay a call without arguments as an empty string.
  if (part.arguments.trim() === '') return {};
  const parsed = tryParseJson(part.arguments);
  if (!isRecord(parsed))
    throw badRequest(`'${param}' must be a JSON object to be sent to an Ollama model.`, param);
  return parsed;
}

function toolMessages(
  turn: CanonicalMessage,
  where: string,
  callNames: Map<string, string>,
): OllamaMessage[] {
  return turn.parts.map((part, j) => {
    const param = `${where}.parts.${j}`;
    if (part.type !== 'tool-result')
      throw cannot(param, `a tool turn cannot hold a ${part.type} part`);
    const name = part.name ?? callNames.get(part.callId);
    // Ollama's tool messages hold images beside their text, as its user messages do.
    const images = (part.images ?? []).map((image, k) =>
      canonicalImageToOllama(image.source, `${param}.images.${k}`),
    );
    return {
      role: 'tool',
      content: part.content,
      ...(images.length > 0 ? { images } : {}),
      ...(name === undefined ? {} : { tool_name: name }),
      tool_call_id: part.callId,
    };
  });
}
