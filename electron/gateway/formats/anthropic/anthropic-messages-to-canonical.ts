import type {
  CanonicalImagePart,
  CanonicalMessage,
  CanonicalPart,
} from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { isRecord } from '../../canonical/json.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray } from '../read-field.ts';
import { anthropicBlockToCanonical, type BlockRole } from './anthropic-block-to-canonical.ts';
import { ANTHROPIC_MESSAGE_POLICY } from './anthropic-field-policy.ts';
import { readTextContent } from './anthropic-text-block.ts';

export interface DecodedMessages {
  /** Text of `system` messages before the first turn, joined with blank lines. */
  system?: string;
  messages: CanonicalMessage[];
}

/**
 * `messages` → canonical turns. A user message's `tool_result` blocks become a tool turn placed
 * before the rest of the message (Messages puts them first, OpenAI wants results right after
 * the calls); each result gets its function's name from the earlier `tool_use` with its id,
 * because Gemini links results by name. Consecutive turns of one role are merged, as the
 * Messages API itself merges them. `system` messages (2026-10-21) before the first turn join
 * the system text; later ones stay system turns where they are.
 */
export function anthropicMessagesToCanonical(
  value: unknown,
  ctx: ConversionContext,
): DecodedMessages {
  const list = optionalArray(value, 'messages');
  if (list === undefined) throw badRequest("Missing required field 'messages'.", 'messages');
  const systemTexts: string[] = [];
  const turns: CanonicalMessage[] = [];
  const callNames = new Map<string, string>();

  list.forEach((raw, i) => {
    const where = `messages.${i}`;
    if (!isRecord(raw)) throw badRequest(`Invalid '${where}': expected an object.`, where);
    applyFieldPolicy(raw, ANTHROPIC_MESSAGE_POLICY, ctx, where);
    const role = raw.role;
    if (role === 'system') {
      const texts = readTextContent(raw.content, `${where}.content`, ctx);
      if (turns.length === 0) systemTexts.push(...texts);
      else append(turns, { role: 'system', parts: texts.map((text) => ({ type: 'text', text })) });
      return;
    }
    if (role !== 'user' && role !== 'assistant')
      throw badRequest(
        `Invalid '${where}.role': expected user, assistant or system.`,
        `${where}.role`,
      );
    const { parts, results } = readContent(raw.content, role, `${where}.content`, ctx);
    for (const part of parts) if (part.type === 'tool-call') callNames.set(part.id, part.name);
    if (results.length > 0) {
      const answered = results.map((result): CanonicalPart => {
        const name = callNames.get(result.callId);
        if (name === undefined)
          throw badRequest(
            `'${result.where}.tool_use_id' ('${result.callId}') matches no tool_use of an earlier assistant message.`,
            `${result.where}.tool_use_id`,
          );
        return {
          type: 'tool-result',
          callId: result.callId,
          name,
          content: result.content,
          ...(result.images.length > 0 ? { images: result.images } : {}),
        };
      });
      append(turns, { role: 'tool', parts: answered });
    }
    // A user message of tool results only is a tool turn, nothing more.
    if (parts.length > 0 || (results.length === 0 && role === 'user'))
      append(turns, { role, parts });
  });
  const system = systemTexts.filter((text) => text !== '').join('\n\n');
  return { ...(system === '' ? {} : { system }), messages: turns };
}

interface ReadContent {
  parts: CanonicalPart[];
  results: { callId: string; content: string; images: CanonicalImagePart[]; where: string }[];
}

function readContent(
  content: unknown,
  role: BlockRole,
  where: string,
  ctx: ConversionContext,
): ReadContent {
  // A string is one text block. An empty assistant string (a prefill placeholder) says nothing.
  if (typeof content === 'string')
    return {
      parts: role === 'assistant' && content === '' ? [] : [{ type: 'text', text: content }],
      results: [],
    };
  const blocks = optionalArray(content, where);
  if (blocks === undefined)
    throw badRequest(`Invalid '${where}': expected a string or an array of blocks.`, where);
  const out: ReadContent = { parts: [], results: [] };
  blocks.forEach((block, i) => {
    const blockWhere = `${where}.${i}`;
    const decoded = anthropicBlockToCanonical(block, role, blockWhere, ctx);
    if (decoded.kind === 'part') out.parts.push(decoded.part);
    else if (decoded.kind === 'result')
      out.results.push({
        callId: decoded.callId,
        content: decoded.content,
        images: decoded.images,
        where: blockWhere,
      });
  });
  return out;
}

function append(turns: CanonicalMessage[], turn: CanonicalMessage): void {
  const last = turns.at(-1);
  if (last && last.role === turn.role) last.parts.push(...turn.parts);
  else turns.push(turn);
}
