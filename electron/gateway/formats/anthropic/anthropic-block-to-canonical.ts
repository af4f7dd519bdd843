import type { CanonicalImagePart, CanonicalPart } from '../../canonical/canonical-request.ts';
import { addDropped, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { isRecord } from '../../canonical/json.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { requiredString } from '../read-field.ts';
import {
  ANTHROPIC_REDACTED_THINKING_BLOCK_POLICY,
  ANTHROPIC_THINKING_BLOCK_POLICY,
  ANTHROPIC_TOOL_USE_BLOCK_POLICY,
} from './anthropic-field-policy.ts';
import { readImageBlock } from './anthropic-image-block.ts';
import { withThinkingSignature } from './anthropic-signature.ts';
import { withAnthropicRedacted } from './anthropic-state.ts';
import { readTextBlock } from './anthropic-text-block.ts';
import { anthropicToolResultToCanonical } from './anthropic-tool-result-to-canonical.ts';

export type BlockRole = 'user' | 'assistant';

/** One content block, read: a part of its turn, a tool result, or nothing (dropped). */
export type DecodedBlock =
  | { kind: 'part'; part: CanonicalPart }
  | { kind: 'result'; callId: string; content: string; images: CanonicalImagePart[] }
  | { kind: 'dropped' };

/**
 * Blocks of tools Anthropic runs itself (and their results) left in the history: the model
 * reached through another format never ran them, so they are dropped by path, like the tools.
 */
const SERVER_TOOL_BLOCKS = new Set([
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'advisor_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
  'mcp_tool_listing',
  'container_upload',
]);

const REFUSED_BLOCKS: Record<string, string> = {
  document: 'documents (PDF, plain text, content sources) have no equivalent in another format.',
  search_result: 'search result blocks have no equivalent in another format.',
  compaction: 'a server-side compaction summary cannot be read by another format.',
  tool_addition: 'changing the tools inside the conversation has no equivalent in another format.',
  tool_removal: 'changing the tools inside the conversation has no equivalent in another format.',
};

const refuse = (param: string, reason: string) =>
  badRequest(`'${param}' cannot be translated: ${reason}`, param, 'unsupported_parameter');

/** Which blocks each role may hold. */
const ROLE_BLOCKS: Record<BlockRole, ReadonlySet<string>> = {
  user: new Set(['text', 'image', 'tool_result']),
  assistant: new Set(['text', 'thinking', 'redacted_thinking', 'tool_use']),
};

/** A content block of a user or assistant message as canonical. */
export function anthropicBlockToCanonical(
  raw: unknown,
  role: BlockRole,
  where: string,
  ctx: ConversionContext,
): DecodedBlock {
  if (!isRecord(raw) || typeof raw.type !== 'string')
    throw badRequest(`Invalid '${where}': expected a content block with a type.`, where);
  const type = raw.type;
  if (SERVER_TOOL_BLOCKS.has(type)) {
    addDropped(ctx, where, 'anthropic.server_tool_item_dropped');
    return { kind: 'dropped' };
  }
  const refused = REFUSED_BLOCKS[type];
  if (refused !== undefined) throw refuse(where, refused);
  if (!ROLE_BLOCKS.user.has(type) && !ROLE_BLOCKS.assistant.has(type))
    throw refuse(where, `'${type}' blocks are not supported through another format.`);
  if (!ROLE_BLOCKS[role].has(type))
    throw refuse(
      where,
      `${role === 'user' ? 'a user' : 'an assistant'} message cannot hold '${type}' blocks.`,
    );

  switch (type) {
    case 'text':
      return { kind: 'part', part: { type: 'text', text: readTextBlock(raw, where, ctx) } };
    case 'image':
      return { kind: 'part', part: readImageBlock(raw, where, ctx) };
    case 'tool_result':
      return { kind: 'result', ...anthropicToolResultToCanonical(raw, where, ctx) };
    case 'tool_use':
      return { kind: 'part', part: readToolUse(raw, where, ctx) };
    case 'thinking': {
      applyFieldPolicy(raw, ANTHROPIC_THINKING_BLOCK_POLICY, ctx, where);
      const text = requiredString(raw.thinking, `${where}.thinking`);
      const signature = requiredString(raw.signature, `${where}.signature`);
      return {
        kind: 'part',
        part: withThinkingSignature({ type: 'reasoning', text }, signature),
      };
    }
    default: {
      // redacted_thinking: its data is opaque state, kept byte-exact.
      applyFieldPolicy(raw, ANTHROPIC_REDACTED_THINKING_BLOCK_POLICY, ctx, where);
      const redacted = requiredString(raw.data, `${where}.data`);
      return {
        kind: 'part',
        part: withAnthropicRedacted({ type: 'reasoning', text: '' }, redacted),
      };
    }
  }
}

function readToolUse(
  block: Record<string, unknown>,
  where: string,
  ctx: ConversionContext,
): CanonicalPart {
  applyFieldPolicy(block, ANTHROPIC_TOOL_USE_BLOCK_POLICY, ctx, where);
  // A call made by Anthropic's code execution on the model's behalf becomes an ordinary call.
  if (isRecord(block.caller) && block.caller.type !== 'direct')
    addDropped(ctx, `${where}.caller`, 'anthropic.tool_caller_dropped');
  return {
    type: 'tool-call',
    id: requiredString(block.id, `${where}.id`),
    name: requiredString(block.name, `${where}.name`),
    arguments: JSON.stringify(block.input ?? {}),
  };
}
