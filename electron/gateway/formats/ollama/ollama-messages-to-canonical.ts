import type {
  CanonicalImagePart,
  CanonicalMessage,
  CanonicalPart,
} from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray, optionalString, requiredRecord, requiredString } from '../read-field.ts';
import {
  OLLAMA_FUNCTION_CALL_POLICY,
  OLLAMA_MESSAGE_POLICY,
  OLLAMA_TOOL_CALL_POLICY,
} from './ollama-field-policy.ts';
import { ollamaImageToCanonical } from './ollama-image-to-canonical.ts';
import { ollamaCallId, OllamaPendingCalls } from './ollama-tool-call-ids.ts';

type Role = 'system' | 'user' | 'assistant' | 'tool';
const ROLES: readonly string[] = ['system', 'user', 'assistant', 'tool'];

export interface DecodedOllamaMessages {
  system?: string;
  messages: CanonicalMessage[];
}

const refuse = (param: string, reason: string) =>
  badRequest(`'${param}' cannot be translated: ${reason}`, param, 'unsupported_parameter');

/**
 * Ollama `messages` as canonical turns. Leading system messages become the system text (joined
 * with blank lines); later ones stay system turns where they were. Consecutive tool messages
 * make one tool turn, each result linked to its call (see ollama-tool-call-ids.ts); a tool
 * message's images follow the tool turn in a user turn, as no format's tool result holds images.
 */
export function ollamaMessagesToCanonical(
  messages: readonly unknown[],
  ctx: ConversionContext,
): DecodedOllamaMessages {
  const systemTexts: string[] = [];
  const turns: CanonicalMessage[] = [];
  const pending = new OllamaPendingCalls();
  messages.forEach((raw, index) => {
    const param = `messages.${index}`;
    if (!isRecord(raw)) throw badRequest(`Invalid '${param}': expected an object.`, param);
    applyFieldPolicy(raw, OLLAMA_MESSAGE_POLICY, ctx, param);
    const role = readRole(raw.role, `${param}.role`);
    checkRoleFields(raw, role, param);
    const content = optionalString(raw.content, `${param}.content`) ?? '';
    if (role === 'system') {
      // An empty system message says nothing (and some formats refuse empty text).
      if (content === '') return;
      if (turns.length === 0) systemTexts.push(content);
      else turns.push({ role: 'system', parts: [{ type: 'text', text: content }] });
    } else if (role === 'user') {
      turns.push({ role: 'user', parts: userParts(content, raw.images, `${param}.images`) });
    } else if (role === 'assistant') {
      const turn = assistantTurn(raw, content, index, ctx);
      const calls = turn.parts.filter((part) => part.type === 'tool-call');
      if (calls.length > 0) pending.reset();
      for (const call of calls) pending.add(call.id, call.name);
      turns.push(turn);
    } else {
      toolTurn(raw, content, param, pending, turns);
    }
  });
  return {
    ...(systemTexts.length > 0 ? { system: systemTexts.join('\n\n') } : {}),
    messages: turns,
  };
}

/** Ollama lower-cases the role it is sent; so does the gateway. */
function readRole(value: unknown, param: string): Role {
  const role = typeof value === 'string' ? value.toLowerCase() : undefined;
  if (role === undefined || !ROLES.includes(role))
    throw badRequest(`Invalid '${param}': expected system, user, assistant or tool.`, param);
  return role as Role;
}

const isFilled = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0);

/** Each role's own fields; the others may be present only empty. */
const ROLE_FIELDS: Readonly<Record<Role, readonly string[]>> = {
  system: [],
  user: ['images'],
  assistant: ['thinking', 'tool_calls'],
  tool: ['images', 'tool_name', 'tool_call_id'],
};

function checkRoleFields(message: Record<string, unknown>, role: Role, param: string): void {
  for (const field of ['images', 'thinking', 'tool_calls', 'tool_name', 'tool_call_id']) {
    if (ROLE_FIELDS[role].includes(field) || !isFilled(message[field])) continue;
    throw refuse(`${param}.${field}`, `a ${role} message cannot carry ${field} in another format.`);
  }
}

function images(value: unknown, param: string): CanonicalImagePart[] {
  return (optionalArray(value, param) ?? []).map((image, i) =>
    ollamaImageToCanonical(image, `${param}.${i}`),
  );
}

function userParts(content: string, value: unknown, param: string): CanonicalPart[] {
  const pictures = images(value, param);
  // Ollama puts a message's images before its text in the prompt it renders.
  if (content === '' && pictures.length > 0) return pictures;
  return [...pictures, { type: 'text', text: content }];
}

function assistantTurn(
  message: Record<string, unknown>,
  content: string,
  index: number,
  ctx: ConversionContext,
): CanonicalMessage {
  const param = `messages.${index}`;
  const parts: CanonicalPart[] = [];
  const thinking = optionalString(message.thinking, `${param}.thinking`);
  if (thinking) parts.push({ type: 'reasoning', text: thinking });
  // An empty content beside tool calls is how Ollama writes "no text".
  if (content !== '') parts.push({ type: 'text', text: content });
  const calls = optionalArray(message.tool_calls, `${param}.tool_calls`) ?? [];
  calls.forEach((call, callIndex) => {
    const callParam = `${param}.tool_calls.${callIndex}`;
    parts.push(toolCall(call, callParam, ollamaCallId(index, callIndex), ctx));
  });
  return { role: 'assistant', parts };
}

function toolCall(
  raw: unknown,
  param: string,
  fallbackId: string,
  ctx: ConversionContext,
): CanonicalPart {
  const call = requiredRecord(raw, param);
  applyFieldPolicy(call, OLLAMA_TOOL_CALL_POLICY, ctx, param);
  if (call.type !== undefined && call.type !== null && call.type !== 'function')
    throw refuse(`${param}.type`, 'only function tool calls are supported.');
  const fn = requiredRecord(call.function, `${param}.function`);
  applyFieldPolicy(fn, OLLAMA_FUNCTION_CALL_POLICY, ctx, `${param}.function`);
  const args = fn.arguments ?? {};
  if (!isRecord(args))
    throw badRequest(
      `Invalid '${param}.function.arguments': expected an object.`,
      `${param}.function.arguments`,
      'invalid_type',
    );
  return {
    type: 'tool-call',
    id: optionalString(call.id, `${param}.id`) || fallbackId,
    name: requiredString(fn.name, `${param}.function.name`),
    arguments: JSON.stringify(args),
  };
}

function toolTurn(
  message: Record<string, unknown>,
  content: string,
  param: string,
  pending: OllamaPendingCalls,
  turns: CanonicalMessage[],
): void {
  const callId = optionalString(message.tool_call_id, `${param}.tool_call_id`) || undefined;
  const name = optionalString(message.tool_name, `${param}.tool_name`) || undefined;
  const call = pending.answer(callId, name);
  if (call === undefined) {
    const which =
      callId !== undefined
        ? `tool_call_id '${callId}'`
        : name !== undefined
          ? `tool_name '${name}'`
          : 'its place';
    throw badRequest(
      `'${param}' (a tool result) matches no open tool call of an earlier assistant message by ${which}.`,
      param,
    );
  }
  // A tool message's images are the result's own (a screenshot a tool took), carried with it.
  const pictures = images(message.images, `${param}.images`);
  const result: CanonicalPart = {
    type: 'tool-result',
    callId: call.id,
    name: call.name,
    content,
    ...(pictures.length > 0 ? { images: pictures } : {}),
  };
  const last = turns.at(-1);
  if (last?.role === 'tool') last.parts.push(result);
  else turns.push({ role: 'tool', parts: [result] });
}
