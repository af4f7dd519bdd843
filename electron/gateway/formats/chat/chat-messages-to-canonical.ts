import type { CanonicalMessage, CanonicalPart } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import {
  CHAT_FUNCTION_CALL_POLICY,
  CHAT_MESSAGE_POLICY,
  CHAT_REFUSAL_PART_POLICY,
  CHAT_TEXT_PART_POLICY,
  CHAT_TOOL_CALL_POLICY,
} from './chat-field-policy.ts';
import { optionalString, requiredRecord, requiredString } from '../read-field.ts';
import { chatUserContentToParts } from './chat-user-content-to-parts.ts';

type ToolCallPart = Extract<CanonicalPart, { type: 'tool-call' }>;

export interface DecodedMessages {
  system?: string;
  messages: CanonicalMessage[];
}

/**
 * Chat `messages` as canonical turns. Leading system / developer messages become the system
 * text (joined with blank lines); later ones stay `system` turns where they were. A tool
 * result gets its function name from the earlier assistant call with its id, because Gemini
 * links results by name.
 */
export function chatMessagesToCanonical(
  messages: readonly unknown[],
  ctx: ConversionContext,
): DecodedMessages {
  const systemTexts: string[] = [];
  const turns: CanonicalMessage[] = [];
  const callNames = new Map<string, string>();
  messages.forEach((message, index) => {
    const param = `messages.${index}`;
    if (!isRecord(message)) throw badRequest(`Invalid '${param}': expected an object.`, param);
    const role = message.role;
    if (role === 'function')
      throw badRequest(
        `'${param}' cannot be translated: legacy function messages are not translated; use tools and tool messages.`,
        `${param}.role`,
        'unsupported_parameter',
      );
    const policy = typeof role === 'string' ? CHAT_MESSAGE_POLICY[role] : undefined;
    if (!policy)
      throw badRequest(
        `Invalid '${param}.role': expected system, developer, user, assistant or tool.`,
        `${param}.role`,
      );
    applyFieldPolicy(message, policy, ctx, param);
    if (role === 'system' || role === 'developer') {
      const texts = textsOf(message.content, `${param}.content`, ctx);
      if (turns.length === 0) systemTexts.push(...texts);
      else turns.push({ role: 'system', parts: texts.map((text) => ({ type: 'text', text })) });
    } else if (role === 'user') {
      turns.push({
        role: 'user',
        parts: chatUserContentToParts(message.content, `${param}.content`, ctx),
      });
    } else if (role === 'assistant') {
      const turn = assistantTurn(message, param, ctx);
      for (const part of turn.parts)
        if (part.type === 'tool-call') callNames.set(part.id, part.name);
      turns.push(turn);
    } else {
      const callId = requiredString(message.tool_call_id, `${param}.tool_call_id`);
      const name = callNames.get(callId);
      if (name === undefined)
        throw badRequest(
          `'${param}.tool_call_id' ('${callId}') matches no tool call of an earlier assistant message.`,
          `${param}.tool_call_id`,
        );
      // Parts are separate pieces of output; a line break keeps "sunny" and "warm" two words.
      const content = textsOf(message.content, `${param}.content`, ctx).join('\n');
      turns.push({ role: 'tool', parts: [{ type: 'tool-result', callId, name, content }] });
    }
  });
  return {
    ...(systemTexts.length > 0 ? { system: systemTexts.join('\n\n') } : {}),
    messages: turns,
  };
}

/** String content, or an array of text parts (system, developer and tool messages). */
function textsOf(content: unknown, param: string, ctx: ConversionContext): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content))
    throw badRequest(`Invalid '${param}': expected a string or an array of text parts.`, param);
  return content.map((part, index) => {
    const partParam = `${param}.${index}`;
    if (!isRecord(part) || part.type !== 'text')
      throw badRequest(
        `'${partParam}' cannot be translated: only text parts are allowed here.`,
        partParam,
        'unsupported_parameter',
      );
    applyFieldPolicy(part, CHAT_TEXT_PART_POLICY, ctx, partParam);
    return requiredString(part.text, `${partParam}.text`);
  });
}

function assistantTurn(
  message: Record<string, unknown>,
  param: string,
  ctx: ConversionContext,
): CanonicalMessage {
  const calls = toolCalls(message.tool_calls, `${param}.tool_calls`, ctx);
  // Some clients echo the non-standard `reasoning_content` back; it is the text only (the
  // upstream's opaque state is kept by the upstream's codec, keyed by the call ids).
  const reasoning = optionalString(message.reasoning_content, `${param}.reasoning_content`);
  const parts: CanonicalPart[] = reasoning ? [{ type: 'reasoning', text: reasoning }] : [];
  parts.push(...assistantContent(message.content, `${param}.content`, ctx));
  const refusal = optionalString(message.refusal, `${param}.refusal`);
  if (refusal) parts.push({ type: 'refusal', text: refusal });
  parts.push(...calls);
  return { role: 'assistant', parts };
}

/** Assistant content: string, text / refusal parts, or null (with tool calls). */
function assistantContent(
  content: unknown,
  param: string,
  ctx: ConversionContext,
): CanonicalPart[] {
  if (content === undefined || content === null) return [];
  // An empty string beside tool calls is how many servers write "no text"; it carries nothing.
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content))
    throw badRequest(`Invalid '${param}': expected a string, an array of parts or null.`, param);
  return content.map((part, index): CanonicalPart => {
    const partParam = `${param}.${index}`;
    if (isRecord(part) && part.type === 'text') {
      applyFieldPolicy(part, CHAT_TEXT_PART_POLICY, ctx, partParam);
      return { type: 'text', text: requiredString(part.text, `${partParam}.text`) };
    }
    if (isRecord(part) && part.type === 'refusal') {
      applyFieldPolicy(part, CHAT_REFUSAL_PART_POLICY, ctx, partParam);
      return { type: 'refusal', text: requiredString(part.refusal, `${partParam}.refusal`) };
    }
    throw badRequest(
      `'${partParam}' cannot be translated: assistant messages hold only text and refusal parts.`,
      partParam,
      'unsupported_parameter',
    );
  });
}

function toolCalls(value: unknown, param: string, ctx: ConversionContext): ToolCallPart[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`Invalid '${param}': expected an array.`, param);
  return value.map((call, index) => {
    const callParam = `${param}.${index}`;
    const record = requiredRecord(call, callParam);
    if (record.type !== undefined && record.type !== 'function')
      throw badRequest(
        `'${callParam}.type' cannot be translated: only function tool calls are supported.`,
        `${callParam}.type`,
        'unsupported_parameter',
      );
    applyFieldPolicy(record, CHAT_TOOL_CALL_POLICY, ctx, callParam);
    const id = requiredString(record.id, `${callParam}.id`);
    const fn = requiredRecord(record.function, `${callParam}.function`);
    applyFieldPolicy(fn, CHAT_FUNCTION_CALL_POLICY, ctx, `${callParam}.function`);
    return {
      type: 'tool-call' as const,
      id,
      name: requiredString(fn.name, `${callParam}.function.name`),
      arguments: requiredString(fn.arguments, `${callParam}.function.arguments`),
    };
  });
}
