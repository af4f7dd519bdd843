import type {
  CanonicalImagePart,
  CanonicalMessage,
  CanonicalPart,
  ImageSource,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { foreignStateFormats, hasFormatState } from '../../canonical/format-state.ts';
import { anthropicRedacted, anthropicSignature, hasAnthropicThinking } from './anthropic-state.ts';
import { storedThinking, type StoredThinkingBlock } from './anthropic-thinking-replay.ts';

type Block = Record<string, unknown>;

export interface AnthropicMessage {
  role: 'user' | 'assistant' | 'system';
  content: Block[] | string;
}

/** The image types Messages takes inline. */
const MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const DATA_URL = /^data:([^;,]+)(?:;[^;,]+)*;base64,(.*)$/s;

const cannot = (param: string, what: string) =>
  badRequest(
    `'${param}' cannot be sent to a Messages model: ${what}.`,
    param,
    'unsupported_parameter',
  );

/**
 * Canonical turns → `messages`. Tool turns become user turns of `tool_result` blocks, and
 * consecutive turns of one role are merged, as Messages wants them alternating; system turns in
 * mid-conversation stay `system` messages (2026-10-21). Thinking goes back only with
 * Anthropic's own state, byte-exact: a `thinking` block with its `signature`, a
 * `redacted_thinking` block with its data. Reasoning of another format cannot be checked by
 * Claude and is left out (rule `anthropic.reasoning_text_dropped`); a turn of calls without its
 * thinking gets back the blocks kept for those calls (rule `anthropic.thinking_replayed`).
 * Params name canonical turns and parts (`messages.N.parts.M`).
 */
export function canonicalToAnthropicMessages(
  messages: CanonicalMessage[],
  ctx: ConversionContext,
): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  messages.forEach((message, i) => {
    const where = `messages.${i}`;
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: systemText(message, where) });
        return;
      case 'user':
        append(out, 'user', userBlocks(message, where, ctx));
        return;
      case 'tool':
        append(out, 'user', toolResults(message, where, ctx));
        return;
      case 'assistant':
        append(out, 'assistant', assistantBlocks(message, where, ctx));
        return;
    }
  });
  return out;
}

function systemText(message: CanonicalMessage, where: string): string {
  return message.parts
    .map((part, j) => {
      if (part.type !== 'text')
        throw cannot(`${where}.parts.${j}`, 'a system turn can only hold text');
      return part.text;
    })
    .join('\n\n');
}

function userBlocks(message: CanonicalMessage, where: string, ctx: ConversionContext): Block[] {
  const blocks: Block[] = [];
  message.parts.forEach((part, j) => {
    const param = `${where}.parts.${j}`;
    if (part.type === 'text') {
      // Messages refuses empty text blocks.
      if (part.text !== '') blocks.push({ type: 'text', text: part.text });
      return;
    }
    if (part.type === 'image') {
      blocks.push(imageBlock(part, param, ctx));
      return;
    }
    throw cannot(param, `a user turn cannot hold a ${part.type} part`);
  });
  return blocks;
}

function imageBlock(part: CanonicalImagePart, param: string, ctx: ConversionContext): Block {
  if (part.detail !== undefined && part.detail !== 'auto')
    addRule(ctx, 'anthropic.image_detail_dropped');
  return { type: 'image', source: imageSource(part.source, param) };
}

function imageSource(source: ImageSource, param: string): Block {
  let mimeType: string;
  let data: string;
  if (source.kind === 'url') {
    const inline = DATA_URL.exec(source.url);
    if (!inline) return { type: 'url', url: source.url };
    mimeType = inline[1] ?? '';
    data = inline[2] ?? '';
  } else {
    mimeType = source.mimeType;
    data = source.data;
  }
  if (!MEDIA_TYPES.has(mimeType))
    throw cannot(param, `images must be JPEG, PNG, GIF or WebP, not ${mimeType}`);
  return { type: 'base64', media_type: mimeType, data };
}

/** A result with images (a screenshot a tool read) is a list of blocks, its text first. */
function toolResults(message: CanonicalMessage, where: string, ctx: ConversionContext): Block[] {
  return message.parts.map((part, j) => {
    const param = `${where}.parts.${j}`;
    if (part.type !== 'tool-result')
      throw cannot(param, `a tool turn cannot hold a ${part.type} part`);
    const images = part.images ?? [];
    if (images.length === 0)
      return { type: 'tool_result', tool_use_id: part.callId, content: part.content };
    // Messages refuses empty text blocks.
    const content: Block[] = part.content === '' ? [] : [{ type: 'text', text: part.content }];
    images.forEach((image, k) => content.push(imageBlock(image, `${param}.images.${k}`, ctx)));
    return { type: 'tool_result', tool_use_id: part.callId, content };
  });
}

function assistantBlocks(
  message: CanonicalMessage,
  where: string,
  ctx: ConversionContext,
): Block[] {
  const carriesThinking = message.parts.some(
    (part) => part.type === 'reasoning' && hasAnthropicThinking(part),
  );
  const blocks: Block[] = [];
  let replayedFirst = false;
  message.parts.forEach((part, j) => {
    const param = `${where}.parts.${j}`;
    switch (part.type) {
      case 'text':
        if (part.text !== '') blocks.push({ type: 'text', text: part.text });
        return;
      case 'refusal':
        addRule(ctx, 'anthropic.refusal_as_text');
        if (part.text !== '') blocks.push({ type: 'text', text: part.text });
        return;
      case 'reasoning':
        blocks.push(...thinkingBlocks(part, ctx));
        return;
      case 'tool-call': {
        // A tool_use block has no place for opaque state (a Gemini call's signature).
        if (hasFormatState(part)) addRule(ctx, 'anthropic.tool_call_signature_dropped');
        const stored = carriesThinking ? undefined : storedThinking(ctx.state, part.id);
        if (stored !== undefined) {
          addRule(ctx, 'anthropic.thinking_replayed');
          // Thinking opens the turn; thinking kept for a later call goes right before it.
          if (!replayedFirst) blocks.unshift(...stored);
          else blocks.push(...stored);
        }
        replayedFirst = true;
        blocks.push({
          type: 'tool_use',
          id: part.id,
          name: part.name,
          input: callInput(part.arguments, `${param}.arguments`),
        });
        return;
      }
      default:
        throw cannot(param, `an assistant turn cannot hold a ${part.type} part`);
    }
  });
  return blocks;
}

function thinkingBlocks(
  part: Extract<CanonicalPart, { type: 'reasoning' }>,
  ctx: ConversionContext,
): StoredThinkingBlock[] {
  const redacted = anthropicRedacted(part);
  if (redacted !== undefined) return [{ type: 'redacted_thinking', data: redacted }];
  const signature = anthropicSignature(part);
  if (signature !== undefined) return [{ type: 'thinking', thinking: part.text, signature }];
  if (part.text !== '' || foreignStateFormats(part, 'anthropic').length > 0)
    addRule(ctx, 'anthropic.reasoning_text_dropped');
  return [];
}

function callInput(text: string, param: string): Record<string, unknown> {
  // Some OpenAI clients replay a call without arguments as ''.
  if (text.trim() === '') return {};
  const parsed = tryParseJson(text);
  if (!isRecord(parsed))
    throw badRequest(`'${param}' must be a JSON object to be sent to a Messages model.`, param);
  return parsed;
}

function append(out: AnthropicMessage[], role: 'user' | 'assistant', blocks: Block[]): void {
  if (blocks.length === 0) return;
  const last = out.at(-1);
  if (last !== undefined && last.role === role && Array.isArray(last.content))
    last.content.push(...blocks);
  else out.push({ role, content: blocks });
}
