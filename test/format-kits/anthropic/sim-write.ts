import type {
  ContentBlock,
  Message,
  MessageDeltaUsage,
  RawMessageStreamEvent,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
  Usage,
} from '@anthropic-ai/sdk/resources/messages';
import { MID_STREAM_ERROR_MESSAGE } from '../../upstream-sim/errors.ts';
import { anthropicErrorType, anthropicRequestId } from './sim-errors.ts';
import { asRecord } from '../../upstream-sim/json-guards.ts';
import type { ReplyContext } from '../../upstream-sim/reply-context.ts';
import type { SimToolCall } from '../../upstream-sim/reply-plan.ts';
import { StreamSink, pumpEvents } from '../../upstream-sim/stream-sink.ts';
import type { StreamEvent } from '../../upstream-sim/stream-sink.ts';
import { splitArguments, splitWords } from '../../upstream-sim/text-pieces.ts';
import { makeThinkingSignature } from '../../upstream-sim/thought-signature.ts';

/**
 * Messages replies (`POST /v1/messages`), typed against @anthropic-ai/sdk 1.13 so the shape
 * cannot drift from the SDK's. A stream is named events, as the API sends them (see the
 * recordings in test/fixtures/recorded/anthropic): message_start with the usage so far, each
 * block as content_block_start / _delta / _stop with a ping after the first start,
 * message_delta with the stop reason and the final usage, message_stop.
 */
export async function writeAnthropicReply(ctx: ReplyContext): Promise<void> {
  const headers = { 'request-id': anthropicRequestId(ctx.n) };
  const blocks = contentBlocks(ctx);
  if (!ctx.req.stream) {
    ctx.ex.sendJson(200, wholeMessage(ctx, blocks), headers);
    return;
  }
  ctx.ex.startStream('text/event-stream', headers);
  const sink = new StreamSink(ctx.ex, ctx.plan, 'sse');
  await pumpEvents(sink, messageEvents(ctx, blocks), ctx.plan, () => streamError(ctx));
}

/** `thinking.display: "omitted"`: the block comes back empty, its signature still there. */
function thinkingShown(ctx: ReplyContext): boolean {
  return asRecord(ctx.body.thinking)?.display !== 'omitted';
}

function contentBlocks(ctx: ReplyContext): ContentBlock[] {
  const { answer } = ctx;
  const blocks: ContentBlock[] = [];
  if (answer.thought !== null) {
    const thinking = thinkingShown(ctx) ? answer.thought : '';
    const signature = makeThinkingSignature(thinking, `${ctx.req.model}:${answer.thought}`);
    blocks.push({ type: 'thinking', thinking, signature });
  }
  if (answer.kind === 'tools') blocks.push(...answer.calls.map(toolUse));
  else blocks.push({ type: 'text', text: answer.text, citations: null });
  return blocks;
}

function toolUse(call: SimToolCall): ToolUseBlock {
  return {
    type: 'tool_use',
    id: `toolu_${call.callId.slice('call_'.length)}`,
    name: call.name,
    input: call.args,
    caller: { type: 'direct' },
  };
}

function stopReason(ctx: ReplyContext): StopReason {
  const { answer } = ctx;
  if (answer.kind === 'tools') return 'tool_use';
  if (answer.stopSequence !== null) return 'stop_sequence';
  return answer.truncated ? 'max_tokens' : 'end_turn';
}

/** Thinking counts in output_tokens, and only when the request turned it on. */
function thinkingTokens(ctx: ReplyContext): number {
  return ctx.answer.thought === null ? 0 : ctx.answer.usage.reasoning;
}

/** Input excludes cache reads: input + cache_creation + cache_read is the whole prompt. */
function usage(ctx: ReplyContext, outputTokens: number): Usage {
  const u = ctx.answer.usage;
  const thinking = thinkingTokens(ctx);
  return {
    input_tokens: u.input - u.cached,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: u.cached,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: thinking > 0 ? { thinking_tokens: thinking } : null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
    inference_geo: 'not_available',
  };
}

function totalOutput(ctx: ReplyContext): number {
  return ctx.answer.usage.output + thinkingTokens(ctx);
}

function baseMessage(ctx: ReplyContext): Omit<Message, 'content' | 'usage'> {
  return {
    model: ctx.req.model,
    id: `msg_sim${ctx.n}`,
    type: 'message',
    role: 'assistant',
    stop_reason: null,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
  };
}

function wholeMessage(ctx: ReplyContext, content: ContentBlock[]): Message {
  return {
    ...baseMessage(ctx),
    content,
    stop_reason: stopReason(ctx),
    stop_sequence: ctx.answer.stopSequence,
    usage: usage(ctx, totalOutput(ctx)),
  };
}

function event(data: RawMessageStreamEvent | { type: 'ping' }): StreamEvent {
  return { event: data.type, data };
}

function* messageEvents(ctx: ReplyContext, blocks: ContentBlock[]): Generator<StreamEvent> {
  // The API's message_start already counts the first output token or so.
  const started = usage(ctx, Math.min(1, totalOutput(ctx)));
  yield event({
    type: 'message_start',
    message: { ...baseMessage(ctx), content: [], usage: started },
  });
  for (const [index, block] of blocks.entries()) {
    yield event({ type: 'content_block_start', index, content_block: emptyBlock(block) });
    if (index === 0) yield event({ type: 'ping' });
    for (const delta of blockDeltas(ctx, block)) {
      yield event({ type: 'content_block_delta', index, delta });
    }
    yield event({ type: 'content_block_stop', index });
  }
  const final = usage(ctx, totalOutput(ctx));
  const deltaUsage: MessageDeltaUsage = {
    input_tokens: final.input_tokens,
    cache_creation_input_tokens: final.cache_creation_input_tokens,
    cache_read_input_tokens: final.cache_read_input_tokens,
    output_tokens: final.output_tokens,
    output_tokens_details: final.output_tokens_details,
    server_tool_use: null,
  };
  yield event({
    type: 'message_delta',
    delta: {
      stop_reason: stopReason(ctx),
      stop_sequence: ctx.answer.stopSequence,
      stop_details: null,
      container: null,
    },
    usage: deltaUsage,
  });
  yield event({ type: 'message_stop' });
}

/** A block as content_block_start announces it: its text, thinking and input still empty. */
function emptyBlock(block: ContentBlock): ContentBlock {
  if (block.type === 'thinking') return { ...block, thinking: '', signature: '' };
  if (block.type === 'text') return { ...block, text: '' };
  if (block.type === 'tool_use') return { ...block, input: {} };
  return block;
}

type Delta = Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta'];

function blockDeltas(ctx: ReplyContext, block: ContentBlock): Delta[] {
  if (block.type === 'thinking') return thinkingDeltas(block);
  if (block.type === 'text') return textDeltas(ctx, block);
  if (block.type === 'tool_use') {
    // An empty first fragment, then the arguments in several pieces, as the API streams them.
    const pieces = ['', ...splitArguments(JSON.stringify(block.input))];
    return pieces.map((partial_json) => ({ type: 'input_json_delta', partial_json }));
  }
  return [];
}

function thinkingDeltas(block: ThinkingBlock): Delta[] {
  const pieces = splitWords(block.thinking);
  return [
    ...pieces.map((thinking): Delta => ({ type: 'thinking_delta', thinking })),
    { type: 'signature_delta', signature: block.signature },
  ];
}

/** One text_delta per output token: the pieces the plan cut (at least one, maybe empty). */
function textDeltas(ctx: ReplyContext, block: TextBlock): Delta[] {
  const pieces = ctx.answer.pieces.length > 0 ? ctx.answer.pieces : [block.text];
  return pieces.map((text) => ({ type: 'text_delta', text }));
}

/** The in-stream error record: an `error` event, which the SDK throws as an APIError. */
function streamError(ctx: ReplyContext): StreamEvent[] {
  const error = { type: anthropicErrorType(500), message: MID_STREAM_ERROR_MESSAGE };
  return [
    { event: 'error', data: { type: 'error', error, request_id: anthropicRequestId(ctx.n) } },
  ];
}
