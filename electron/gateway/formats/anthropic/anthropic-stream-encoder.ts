import type { CanonicalUsage, FinishReason } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { addRule, type ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import type { StreamEncoder } from '../../canonical/format-codec.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { newId } from '../../canonical/ids.ts';
import {
  hasFormatState,
  mergeFormatState,
  type FormatState,
} from '../../canonical/format-state.ts';
import { stateToThinkingSignature } from './anthropic-signature.ts';
import { anthropicRedacted } from './anthropic-state.ts';
import { anthropicSseEvent } from './anthropic-sse-event.ts';
import { anthropicStreamError } from './anthropic-stream-error.ts';
import { canonicalUsageToAnthropic, canonicalUsageToAnthropicCounts } from './anthropic-usage.ts';
import { refusalDetails } from './canonical-to-anthropic-response.ts';
import { toAnthropicStopReason } from './map-anthropic-stop-reason.ts';

type ReasoningDelta = Extract<CanonicalStreamEvent, { type: 'reasoning-delta' }>;

type OpenBlock =
  | { kind: 'text'; index: number }
  | { kind: 'thinking'; index: number; state: FormatState | undefined; sealed: boolean }
  | { kind: 'tool'; index: number; call: number };

/** Where a canonical tool call stands: waiting behind another call, in its block, or done. */
type CallState = 'queued' | 'open' | 'closed';

/**
 * Canonical events → an Anthropic client's SSE: named events (`event: <type>`), blocks one at a
 * time with indexes from 0, as the Messages API and the SDK's accumulator (which appends a
 * block per `content_block_start`) expect. Text, thinking and tool input are written as they
 * arrive. Another format may interleave parallel calls; while one call's block is open, events
 * of other blocks wait and follow when it ends. A thinking block's opaque state goes out in a
 * `signature_delta` before its stop (see anthropic-signature.ts); reasoning after it starts a
 * new block. `message_start` carries zero counts (canonical usage comes last); `message_delta`
 * at the end brings the stop reason and the whole usage, input and cache tokens included,
 * which the SDK takes over those of `message_start`. Refusal text is held to the end: it becomes the
 * `refusal` stop's explanation, or text when the answer ended otherwise.
 */
class AnthropicStreamEncoder implements StreamEncoder {
  private readonly ctx: ResponseEncodeContext;
  private readonly includeThoughts: boolean;
  private readonly calls = new Map<number, CallState>();
  private queue: CanonicalStreamEvent[] = [];
  private open: OpenBlock | undefined;
  private nextIndex = 0;
  private toolBlocks = 0;
  private refusal = '';
  private finish: FinishReason | undefined;
  private usage: CanonicalUsage | undefined;
  private started = false;
  private closed = false;

  constructor(ctx: ResponseEncodeContext) {
    this.ctx = ctx;
    this.includeThoughts = ctx.request.reasoning?.includeThoughts === true;
  }

  encode(event: CanonicalStreamEvent): string {
    if (this.closed) return '';
    if (event.type === 'error') return this.fail(event);
    return this.ensureStarted() + this.handle(event);
  }

  end(): string {
    if (this.closed) return '';
    let out = this.ensureStarted();
    // Calls the upstream never ended (a cut stream) are closed as they are.
    while (this.open !== undefined || this.queue.length > 0) out += this.closeOpen();
    if (this.refusal !== '' && this.finish !== 'content_filter') {
      addRule(this.ctx, 'anthropic.refusal_as_text');
      out += this.textDelta(this.refusal) + this.closeOpen();
    }
    this.closed = true;
    const hasCalls = this.toolBlocks > 0;
    const reason = this.finish ?? (hasCalls ? 'tool_calls' : 'stop');
    const counts = this.usage ? canonicalUsageToAnthropicCounts(this.usage) : undefined;
    return (
      out +
      anthropicSseEvent({
        type: 'message_delta',
        delta: {
          stop_reason: toAnthropicStopReason(reason, hasCalls, this.ctx),
          stop_sequence: null,
          stop_details: refusalDetails(this.refusal, reason === 'content_filter'),
          container: null,
        },
        usage: counts
          ? { ...counts, server_tool_use: null }
          : {
              input_tokens: null,
              cache_creation_input_tokens: null,
              cache_read_input_tokens: null,
              output_tokens: 0,
              output_tokens_details: null,
              server_tool_use: null,
            },
      }) +
      anthropicSseEvent({ type: 'message_stop' })
    );
  }

  private handle(event: CanonicalStreamEvent): string {
    switch (event.type) {
      case 'text-delta':
        if (event.text === '') return '';
        return this.waits(event) ? '' : this.textDelta(event.text);
      case 'reasoning-delta':
        return this.waits(event) ? '' : this.reasoningDelta(event);
      case 'refusal-delta':
        this.refusal += event.text;
        return '';
      case 'tool-call-start':
        if (this.calls.has(event.index) || this.waits(event)) return '';
        return this.openTool(event.index, event.id, event.name);
      case 'tool-call-delta': {
        const state = this.calls.get(event.index);
        if (state === 'closed') return '';
        if (state === 'queued') {
          this.queue.push(event);
          return '';
        }
        if (this.waits(event)) return '';
        // A delta without its start breaks the contract; open the call rather than lose it.
        const opened = state === 'open' ? '' : this.openTool(event.index, newId('toolu_'), '');
        if (event.argumentsDelta === '') return opened;
        return (
          opened +
          this.event('content_block_delta', {
            index: this.open!.index,
            delta: { type: 'input_json_delta', partial_json: event.argumentsDelta },
          })
        );
      }
      case 'tool-call-end': {
        const state = this.calls.get(event.index);
        if (state === 'queued') {
          this.queue.push(event);
          return '';
        }
        if (state !== 'open') return '';
        // A tool_use block has no place for a Gemini call signature; the Gemini codec keeps it
        // by call id, for the client's next turn.
        return this.closeOpen();
      }
      case 'finish':
        this.finish = event.reason;
        return '';
      case 'usage':
        this.usage = event.usage;
        return '';
      default:
        return '';
    }
  }

  /** Whether an event must wait because another call's block is open; queues it if so. */
  private waits(event: CanonicalStreamEvent): boolean {
    const open = this.open;
    if (open?.kind !== 'tool') return false;
    if ('index' in event && event.type.startsWith('tool-call') && event.index === open.call)
      return false;
    if (event.type === 'tool-call-start') this.calls.set(event.index, 'queued');
    this.queue.push(event);
    return true;
  }

  private textDelta(text: string): string {
    let out = '';
    if (this.open?.kind !== 'text') {
      out += this.closeOpen();
      out += this.startBlock({ type: 'text', text: '', citations: null });
      this.open = { kind: 'text', index: this.nextIndex - 1 };
    }
    return (
      out +
      this.event('content_block_delta', {
        index: this.open.index,
        delta: { type: 'text_delta', text },
      })
    );
  }

  private reasoningDelta(event: ReasoningDelta): string {
    const redacted = anthropicRedacted(event);
    if (redacted !== undefined) {
      const out = this.closeOpen() + this.startBlock({ type: 'redacted_thinking', data: redacted });
      return out + this.event('content_block_stop', { index: this.nextIndex - 1 });
    }
    if (!this.includeThoughts && event.text !== '') addRule(this.ctx, 'anthropic.thinking_omitted');
    const text = this.includeThoughts ? event.text : '';
    const hasState = hasFormatState(event);
    if (text === '' && !hasState) return '';
    let out = '';
    if (this.open?.kind !== 'thinking' || this.open.sealed) {
      out += this.closeOpen();
      out += this.startBlock({ type: 'thinking', thinking: '', signature: '' });
      this.open = { kind: 'thinking', index: this.nextIndex - 1, state: undefined, sealed: false };
    }
    const block = this.open;
    if (text !== '')
      out += this.event('content_block_delta', {
        index: block.index,
        delta: { type: 'thinking_delta', thinking: text },
      });
    if (hasState) {
      // The state closes the block: Anthropic's signature comes last in it.
      block.state = mergeFormatState(block.state, event.state);
      block.sealed = true;
    }
    return out;
  }

  private openTool(call: number, id: string, name: string): string {
    const out =
      this.closeOpen() +
      this.startBlock({ type: 'tool_use', id, name, input: {}, caller: { type: 'direct' } });
    this.open = { kind: 'tool', index: this.nextIndex - 1, call };
    this.calls.set(call, 'open');
    this.toolBlocks++;
    return out;
  }

  /** Ends the open block (a thinking block with its signature), then lets waiting events out. */
  private closeOpen(): string {
    const open = this.open;
    if (open === undefined) return this.drain();
    this.open = undefined;
    let out = '';
    if (open.kind === 'thinking') {
      const state = stateToThinkingSignature({ state: open.state });
      if (state?.lost) addRule(this.ctx, 'anthropic.reasoning_state_dropped');
      if (state !== undefined)
        out += this.event('content_block_delta', {
          index: open.index,
          delta: { type: 'signature_delta', signature: state.signature },
        });
    }
    if (open.kind === 'tool') this.calls.set(open.call, 'closed');
    out += this.event('content_block_stop', { index: open.index });
    return open.kind === 'tool' ? out + this.drain() : out;
  }

  private drain(): string {
    const waiting = this.queue;
    this.queue = [];
    let out = '';
    for (const event of waiting) {
      if (event.type === 'tool-call-start' && this.calls.get(event.index) === 'queued')
        this.calls.delete(event.index);
      out += this.handle(event);
    }
    return out;
  }

  private startBlock(block: Record<string, unknown>): string {
    const index = this.nextIndex++;
    return this.event('content_block_start', { index, content_block: block });
  }

  private ensureStarted(): string {
    if (this.started) return '';
    this.started = true;
    return this.event('message_start', {
      message: {
        id: this.ctx.responseId,
        type: 'message',
        role: 'assistant',
        model: this.ctx.request.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        stop_details: null,
        container: null,
        diagnostics: null,
        usage: canonicalUsageToAnthropic(undefined),
      },
    });
  }

  /** Anthropic's own streams end at an `error` event, whatever was open. */
  private fail(event: Extract<CanonicalStreamEvent, { type: 'error' }>): string {
    this.closed = true;
    const status = event.status >= 400 && event.status <= 599 ? event.status : 500;
    return anthropicStreamError(
      new GatewayError(status, event.message, event.code === undefined ? {} : { code: event.code }),
      this.ctx.requestId,
    );
  }

  private event(type: string, fields: Record<string, unknown>): string {
    return anthropicSseEvent({ type, ...fields });
  }
}

export const createAnthropicStreamEncoder = (ctx: ResponseEncodeContext): StreamEncoder =>
  new AnthropicStreamEncoder(ctx);
