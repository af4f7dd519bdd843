import type { CanonicalUsage, FinishReason } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import type { StreamEncoder } from '../../canonical/format-codec.ts';
import { nowSeconds } from '../../canonical/ids.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { responseErrorOf } from './map-responses-error-code.ts';
import { terminalOf } from './map-responses-status.ts';
import { openCallItem, type CallItemWriter } from './responses-call-item.ts';
import { openCustomCallItem } from './responses-custom-call-item.ts';
import { declaredToolOf } from './responses-declared-tools.ts';
import { responsesEnvelope } from './responses-envelope.ts';
import { createResponsesEventWriter } from './responses-event-writer.ts';
import type { ItemSink } from './responses-item-sink.ts';
import { openMessageItem, type MessageItemWriter } from './responses-message-item.ts';
import { openReasoningItem, type ReasoningItemWriter } from './responses-reasoning-item.ts';
import { responsesReasoning } from './responses-state.ts';
import { responsesStreamError } from './responses-stream-error.ts';
import { canonicalUsageToResponses } from './responses-usage.ts';

type ReasoningDelta = Extract<CanonicalStreamEvent, { type: 'reasoning-delta' }>;

/**
 * Canonical events → a responses client's SSE. Every delta is written as it arrives. It holds the output items so far,
 * because the terminal event must repeat the whole `output` (the SDK replaces its snapshot
 * with it), and it holds the terminal event until both `finish` and `usage` came, because
 * responses carry usage only there. Gemini thought signatures have no place on this wire;
 * the Gemini side keeps them by tool-call id.
 */
export function createResponsesStreamEncoder(ctx: ResponseEncodeContext): StreamEncoder {
  const writer = createResponsesEventWriter();
  const output: Record<string, unknown>[] = [];
  const sink: ItemSink = {
    write: writer.write,
    add: (item) => output.push(item) - 1,
  };
  const calls = new Map<number, CallItemWriter>();
  let message: MessageItemWriter | undefined;
  let reasoning: ReasoningItemWriter | undefined;
  let createdAt = nowSeconds();
  let started = false;
  let closed = false;
  let finishReason: FinishReason | undefined;
  let usage: CanonicalUsage | undefined;

  const envelope = () => responsesEnvelope(ctx, createdAt);
  // Absent until known: the schema and the types have no null usage (see responsesEnvelope).
  const wireUsage = () => (usage ? { usage: canonicalUsageToResponses(usage) } : {});

  const ensureStarted = (): string => {
    if (started) return '';
    started = true;
    const response = envelope();
    return (
      writer.write('response.created', { response }) +
      writer.write('response.in_progress', { response })
    );
  };

  const closeMessage = (status: 'completed' | 'incomplete' = 'completed'): string => {
    const out = message?.close(status) ?? '';
    message = undefined;
    return out;
  };

  const closeReasoning = (): string => {
    const out = reasoning?.close() ?? '';
    reasoning = undefined;
    return out;
  };

  const messageDelta = (kind: 'text' | 'refusal', delta: string): string => {
    if (!delta) return '';
    let out = '';
    if (!message) {
      out += closeReasoning();
      message = openMessageItem(sink);
      out += message.opened;
    }
    return out + message.delta(kind, delta);
  };

  const reasoningDelta = (event: ReasoningDelta): string => {
    const { encrypted, id } = responsesReasoning(event);
    if (!event.text && encrypted === undefined) return '';
    let out = '';
    if (!reasoning) {
      out += closeMessage();
      reasoning = openReasoningItem(sink, id);
      out += reasoning.opened;
    }
    if (encrypted !== undefined) reasoning.seal(encrypted);
    return out + reasoning.delta(event.text);
  };

  const toolCallStart = (index: number, id: string, name: string): string => {
    if (calls.has(index)) return '';
    const out = closeMessage() + closeReasoning();
    // A call to a tool the client declared as custom or in a namespace goes back in that shape.
    const declared = declaredToolOf(ctx.request.tools, name);
    const call =
      declared?.kind === 'custom'
        ? openCustomCallItem(sink, id, declared.name, declared.namespace)
        : openCallItem(sink, id, declared?.name ?? name, declared?.namespace);
    calls.set(index, call);
    return out + call.opened;
  };

  /** Every open item gets its done-chain; a cut-off answer leaves them `incomplete`. */
  const closeAll = (): string => {
    const cut = finishReason === 'length' || finishReason === 'content_filter';
    const status = cut ? 'incomplete' : 'completed';
    let out = closeMessage(status) + closeReasoning();
    for (const call of calls.values()) out += call.close(status);
    return out;
  };

  const terminal = (): string => {
    closed = true;
    const reason = finishReason ?? (calls.size > 0 ? 'tool_calls' : 'stop');
    const { status, incomplete_details, event } = terminalOf(reason);
    const response = {
      ...envelope(),
      status,
      ...(status === 'completed' ? { completed_at: nowSeconds() } : {}),
      error:
        status === 'failed'
          ? { code: 'server_error', message: 'The model stopped with an error.' }
          : null,
      incomplete_details,
      output,
      ...wireUsage(),
    };
    return writer.write(event, { response });
  };

  /**
   * An `error` record makes SDK clients throw; `response.failed` still ends the lifecycle. The
   * record keeps the upstream's code (any string is allowed there); the response's `error.code`
   * must be one of the schema's codes.
   */
  const fail = (event: Extract<CanonicalStreamEvent, { type: 'error' }>): string => {
    closed = true;
    const error = new GatewayError(event.status, event.message, {
      code: event.code ?? 'server_error',
    });
    const response = {
      ...envelope(),
      status: 'failed',
      error: responseErrorOf(event.status, event.message, event.code),
      output,
      ...wireUsage(),
    };
    return (
      responsesStreamError(error, writer.takeSequence()) +
      writer.write('response.failed', { response })
    );
  };

  const handle = (event: CanonicalStreamEvent): string => {
    switch (event.type) {
      case 'start':
        return '';
      case 'text-delta':
        return messageDelta('text', event.text);
      case 'refusal-delta':
        return messageDelta('refusal', event.text);
      case 'reasoning-delta':
        return reasoningDelta(event);
      case 'tool-call-start':
        return toolCallStart(event.index, event.id, event.name);
      case 'tool-call-delta':
        return calls.get(event.index)?.delta(event.argumentsDelta) ?? '';
      case 'tool-call-end':
        return calls.get(event.index)?.close('completed') ?? '';
      case 'finish':
        finishReason = event.reason;
        return closeAll() + (usage ? terminal() : '');
      case 'usage':
        usage = event.usage;
        return finishReason ? terminal() : '';
      case 'error':
        return fail(event);
    }
  };

  return {
    encode(event) {
      if (closed) return '';
      if (event.type === 'start' && !started) createdAt = event.created;
      return ensureStarted() + handle(event);
    },
    end() {
      if (closed) return '';
      return ensureStarted() + closeAll() + terminal();
    },
  };
}
