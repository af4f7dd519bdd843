import type { CanonicalMessage, CanonicalPart } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { hasFormatState } from '../../canonical/format-state.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { toolResultImagesAsUserTurns } from '../../canonical/tool-result-images.ts';
import { sourceToImageUrl } from './chat-image-url.ts';

type ChatMessage = Record<string, unknown>;

const misplaced = (part: CanonicalPart, role: string) =>
  badRequest(`A ${part.type} part cannot be sent in a ${role} message of chat-completions.`);

/**
 * Canonical system text and turns as chat `messages`. Chat has no place for reasoning
 * history or for opaque state on calls (Gemini's signatures); both are dropped under rules (the
 * upstream is not a Gemini model, so it could not check a signature anyway). A tool message
 * holds text only, so the images a tool returned go in one user message right after the tool
 * messages, each result's named before its images (rule
 * `chat.tool_result_images_as_user_message`, see tool-result-images.ts).
 */
export function canonicalToChatMessages(
  system: string | undefined,
  canonicalTurns: readonly CanonicalMessage[],
  ctx: ConversionContext,
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (system !== undefined) messages.push({ role: 'system', content: system });
  const { messages: turns, moved } = toolResultImagesAsUserTurns(canonicalTurns);
  if (moved) addRule(ctx, 'chat.tool_result_images_as_user_message');
  for (const turn of turns) {
    if (turn.role === 'system') messages.push({ role: 'system', content: systemText(turn) });
    else if (turn.role === 'user') messages.push(userMessage(turn));
    else if (turn.role === 'assistant') messages.push(assistantMessage(turn, ctx));
    else messages.push(...toolMessages(turn));
  }
  return messages;
}

function systemText(turn: CanonicalMessage): string {
  return turn.parts
    .map((part) => {
      if (part.type !== 'text') throw misplaced(part, 'system');
      return part.text;
    })
    .join('\n\n');
}

function userMessage(turn: CanonicalMessage): ChatMessage {
  const only = turn.parts[0];
  // A lone text part goes as a string, the form every OpenAI-compatible server accepts.
  if (turn.parts.length === 1 && only?.type === 'text') return { role: 'user', content: only.text };
  const content = turn.parts.map((part) => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image')
      return {
        type: 'image_url',
        image_url: {
          url: sourceToImageUrl(part.source),
          ...(part.detail === undefined ? {} : { detail: part.detail }),
        },
      };
    throw misplaced(part, 'user');
  });
  return { role: 'user', content };
}

function assistantMessage(turn: CanonicalMessage, ctx: ConversionContext): ChatMessage {
  const texts: string[] = [];
  const refusals: string[] = [];
  const toolCalls: Record<string, unknown>[] = [];
  for (const part of turn.parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'refusal') refusals.push(part.text);
    else if (part.type === 'reasoning') addRule(ctx, 'chat.reasoning_history_dropped');
    else if (part.type === 'tool-call') {
      if (hasFormatState(part)) addRule(ctx, 'chat.tool_call_signature_dropped');
      toolCalls.push({
        id: part.id,
        type: 'function',
        function: { name: part.name, arguments: part.arguments },
      });
    } else throw misplaced(part, 'assistant');
  }
  // Text parts of one turn are pieces of one answer (Gemini splits text arbitrarily).
  const message: ChatMessage = {
    role: 'assistant',
    content: texts.length > 0 ? texts.join('') : toolCalls.length > 0 ? null : '',
  };
  if (refusals.length > 0) message.refusal = refusals.join('');
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return message;
}

function toolMessages(turn: CanonicalMessage): ChatMessage[] {
  return turn.parts.map((part) => {
    if (part.type !== 'tool-result') throw misplaced(part, 'tool');
    return { role: 'tool', tool_call_id: part.callId, content: part.content };
  });
}
