import type { EventSourceMessage } from 'eventsource-parser';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import type { StreamDecoder } from '../../canonical/format-codec.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { statusOfAnthropicErrorType } from './anthropic-error-body.ts';
import { anthropicBlockDelta } from './anthropic-stream-skim.ts';
import { refusalExplanation } from './anthropic-response-to-canonical.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { ThinkingKeeper } from './anthropic-thinking-replay.ts';
import {
  anthropicCountsToCanonical,
  readAnthropicUsage,
  type AnthropicCounts,
} from './anthropic-usage.ts';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.ts';

type Block =
  | { kind: 'text' }
  | { kind: 'thinking'; text: string; signature: string }
  | { kind: 'tool'; index: number; initial: string; sentArgs: boolean }
  /** A block of Anthropic's own server tools, or one the gateway does not know: skipped. */
  | { kind: 'skip' };

type ErrorEvent = Extract<CanonicalStreamEvent, { type: 'error' }>;

/**
 * Anthropic SSE → canonical events. Blocks come one after another: `content_block_start`,
 * deltas, `content_block_stop`. Text and thinking deltas pass through; a thinking block's
 * signature (`signature_delta`, just before its stop) goes out on a last empty reasoning delta
 * (`part: 'last'`), and a `redacted_thinking` block as one delta of its own (`part: 'whole'`),
 * both as Anthropic state (anthropic-state.ts).
 * Tool input arrives as `input_json_delta` text. `message_delta` brings the stop reason and the
 * final, cumulative usage (input tokens may arrive only there), so finish and usage go out
 * then. Two malformed streams seen in the wild: a repeated `message_start` of the same message
 * is ignored; one of another message while the first is open is an error (its half-finished
 * call is never ended). `ping` and unknown events are ignored; an `error` event ends the stream.
 */
class AnthropicStreamDecoder implements StreamDecoder {
  private readonly ctx: ConversionContext;
  private readonly keeper: ThinkingKeeper;
  private readonly blocks = new Map<number, Block>();
  private readonly counts: AnthropicCounts = {};
  private messageId: string | undefined;
  private calls = 0;
  private finished = false;
  private failed = false;

  constructor(ctx: ConversionContext) {
    this.ctx = ctx;
    this.keeper = new ThinkingKeeper(ctx.state);
  }

  push(message: EventSourceMessage): CanonicalStreamEvent[] {
    if (this.failed || message.data.trim() === '') return [];
    const event = tryParseJson(message.data);
    if (!isRecord(event))
      return this.fail(
        502,
        'The upstream sent a stream record that is not a JSON object.',
        'upstream_invalid_response',
      );
    // After message_delta the answer is complete; nothing after it can change it.
    if (this.finished) return [];
    const type = typeof event.type === 'string' ? event.type : message.event;
    if (type === 'error') return this.upstreamError(event);
    switch (type) {
      case 'message_start':
        return this.start(event.message);
      case 'content_block_start':
        return this.needsStart() ?? this.blockStart(event.index, event.content_block);
      case 'content_block_delta':
        return this.needsStart() ?? this.blockDelta(event.index, event.delta);
      case 'content_block_stop':
        return this.needsStart() ?? this.blockStop(event.index);
      case 'message_delta':
        return this.needsStart() ?? this.messageDelta(event);
      default:
        // ping, message_stop (finish and usage went out with message_delta), unknown events.
        return [];
    }
  }

  skim(message: EventSourceMessage): CanonicalStreamEvent[] | undefined {
    if (this.failed || this.finished || this.messageId === undefined) return undefined;
    const skimmed = anthropicBlockDelta(message.data);
    return skimmed && this.blockDelta(skimmed.index, skimmed.delta);
  }

  end(): CanonicalStreamEvent[] {
    if (this.failed || this.finished) return [];
    if (this.messageId === undefined)
      return this.fail(
        502,
        'The upstream stream ended without sending anything.',
        'upstream_stream_truncated',
      );
    const usage = Object.keys(this.counts).length > 0 ? this.usageEvent() : [];
    return [
      ...usage,
      ...this.fail(
        502,
        'The upstream stream ended before the answer was finished.',
        'upstream_stream_truncated',
      ),
    ];
  }

  private start(message: unknown): CanonicalStreamEvent[] {
    const id = isRecord(message) && typeof message.id === 'string' ? message.id : '';
    if (this.messageId !== undefined) {
      if (id === this.messageId) return [];
      return this.fail(
        502,
        `The upstream started message '${id}' before message '${this.messageId}' ended.`,
        'upstream_invalid_response',
      );
    }
    this.messageId = id;
    if (isRecord(message)) readAnthropicUsage(message.usage, this.counts);
    return [
      {
        type: 'start',
        id: id || newId('msg_'),
        model: isRecord(message) && typeof message.model === 'string' ? message.model : '',
        created: nowSeconds(),
      },
    ];
  }

  /** Content before `message_start` breaks the protocol. */
  private needsStart(): CanonicalStreamEvent[] | undefined {
    if (this.messageId !== undefined) return undefined;
    return this.fail(
      502,
      'The upstream sent content before message_start.',
      'upstream_invalid_response',
    );
  }

  private blockStart(index: unknown, raw: unknown): CanonicalStreamEvent[] {
    if (typeof index !== 'number' || !isRecord(raw))
      return this.fail(
        502,
        'The upstream sent a malformed content_block_start.',
        'upstream_invalid_response',
      );
    const out: CanonicalStreamEvent[] = [];
    switch (raw.type) {
      case 'text':
        this.blocks.set(index, { kind: 'text' });
        if (typeof raw.text === 'string' && raw.text !== '')
          out.push({ type: 'text-delta', text: raw.text });
        break;
      case 'thinking': {
        const text = typeof raw.thinking === 'string' ? raw.thinking : '';
        const signature = typeof raw.signature === 'string' ? raw.signature : '';
        this.blocks.set(index, { kind: 'thinking', text, signature });
        if (text !== '') out.push({ type: 'reasoning-delta', text });
        break;
      }
      case 'redacted_thinking':
        this.blocks.set(index, { kind: 'skip' });
        if (typeof raw.data === 'string') {
          this.keeper.redacted(raw.data);
          out.push(
            withAnthropicRedacted({ type: 'reasoning-delta', text: '', part: 'whole' }, raw.data),
          );
        }
        break;
      case 'tool_use': {
        const id = typeof raw.id === 'string' && raw.id ? raw.id : newId('toolu_');
        const callIndex = this.calls++;
        this.keeper.call(id);
        const input = isRecord(raw.input) ? raw.input : {};
        this.blocks.set(index, {
          kind: 'tool',
          index: callIndex,
          initial: Object.keys(input).length > 0 ? JSON.stringify(input) : '',
          sentArgs: false,
        });
        out.push({
          type: 'tool-call-start',
          index: callIndex,
          id,
          name: typeof raw.name === 'string' ? raw.name : '',
        });
        break;
      }
      default:
        this.blocks.set(index, { kind: 'skip' });
        addRule(this.ctx, 'anthropic.unsupported_output_block_dropped');
    }
    return out;
  }

  private blockDelta(index: unknown, delta: unknown): CanonicalStreamEvent[] {
    const block = typeof index === 'number' ? this.blocks.get(index) : undefined;
    if (block === undefined || !isRecord(delta))
      return this.fail(
        502,
        `The upstream sent a delta for content block ${String(index)}, which was not open.`,
        'upstream_invalid_response',
      );
    switch (delta.type) {
      case 'text_delta':
        if (block.kind === 'text' && typeof delta.text === 'string' && delta.text !== '')
          return [{ type: 'text-delta', text: delta.text }];
        return [];
      case 'thinking_delta':
        if (block.kind === 'thinking' && typeof delta.thinking === 'string' && delta.thinking) {
          block.text += delta.thinking;
          return [{ type: 'reasoning-delta', text: delta.thinking }];
        }
        return [];
      case 'signature_delta':
        if (block.kind === 'thinking' && typeof delta.signature === 'string')
          block.signature = delta.signature;
        return [];
      case 'input_json_delta':
        if (block.kind === 'tool' && typeof delta.partial_json === 'string' && delta.partial_json) {
          block.sentArgs = true;
          return [
            { type: 'tool-call-delta', index: block.index, argumentsDelta: delta.partial_json },
          ];
        }
        return [];
      case 'citations_delta':
        addRule(this.ctx, 'anthropic.citations_dropped');
        return [];
      default:
        return [];
    }
  }

  private blockStop(index: unknown): CanonicalStreamEvent[] {
    const block = typeof index === 'number' ? this.blocks.get(index) : undefined;
    if (block === undefined) return [];
    this.blocks.delete(index as number);
    return this.close(block);
  }

  private close(block: Block): CanonicalStreamEvent[] {
    if (block.kind === 'thinking') {
      this.keeper.thinking(block.text, block.signature);
      return block.signature === ''
        ? []
        : [
            withAnthropicSignature(
              { type: 'reasoning-delta', text: '', part: 'last' },
              block.signature,
            ),
          ];
    }
    if (block.kind !== 'tool') return [];
    // A call without arguments still sends `{}`: clients parse the arguments as JSON.
    const args = block.sentArgs ? [] : [block.initial || '{}'];
    return [
      ...args.map((text): CanonicalStreamEvent => ({
        type: 'tool-call-delta',
        index: block.index,
        argumentsDelta: text,
      })),
      { type: 'tool-call-end', index: block.index },
    ];
  }

  private messageDelta(event: Record<string, unknown>): CanonicalStreamEvent[] {
    readAnthropicUsage(event.usage, this.counts);
    const delta = isRecord(event.delta) ? event.delta : {};
    const reason = delta.stop_reason;
    if (reason === undefined || reason === null) return [];
    this.finished = true;
    const out: CanonicalStreamEvent[] = [];
    // Blocks the upstream never stopped end here, in the order they began.
    for (const [, block] of [...this.blocks.entries()].sort(([a], [b]) => a - b))
      out.push(...this.close(block));
    this.blocks.clear();
    const explanation = refusalExplanation(reason, delta.stop_details);
    if (explanation !== undefined) out.push({ type: 'refusal-delta', text: explanation });
    out.push({ type: 'finish', reason: mapAnthropicStopReason(reason, this.calls > 0, this.ctx) });
    out.push(...this.usageEvent());
    return out;
  }

  private usageEvent(): CanonicalStreamEvent[] {
    return [{ type: 'usage', usage: anthropicCountsToCanonical(this.counts) }];
  }

  private upstreamError(event: Record<string, unknown>): CanonicalStreamEvent[] {
    const error = isRecord(event.error) ? event.error : event;
    const type = typeof error.type === 'string' ? error.type : undefined;
    const message =
      typeof error.message === 'string' && error.message
        ? error.message
        : `The upstream failed mid-stream: ${JSON.stringify(error)}`;
    return this.fail(statusOfAnthropicErrorType(type), message, type);
  }

  private fail(status: number, message: string, code: string | undefined): ErrorEvent[] {
    this.failed = true;
    return [{ type: 'error', status, message, ...(code === undefined ? {} : { code }) }];
  }
}

export const createAnthropicStreamDecoder = (ctx: ConversionContext): StreamDecoder =>
  new AnthropicStreamDecoder(ctx);
