import type { EventSourceMessage } from 'eventsource-parser';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import type { StreamDecoder } from '../../canonical/format-codec.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { chatContentPieces } from './chat-content-pieces.ts';
import { chatDeltaText } from './chat-stream-skim.ts';
import { chatUsageToCanonical } from './chat-usage.ts';
import { chatFinishToCanonical } from './map-chat-finish-reason.ts';

interface OpenCall {
  index: number;
  id?: string;
  name?: string;
  started: boolean;
  /** Argument fragments that came before the call's name, sent once the call can start. */
  held: string;
}

type ErrorEvent = Extract<CanonicalStreamEvent, { type: 'error' }>;

/**
 * Upstream `chat.completion.chunk`s as canonical events. Tolerates the
 * variants in the recordings: Azure's placeholder first chunk (`id: ""`, `choices: []`), xAI's
 * `reasoning_content` and whole-call deltas, Mistral's thinking parts and usage on the last
 * content chunk. A stream that ends without a `finish_reason` was cut: `end()` reports it as an
 * error instead of passing a truncated answer off as complete.
 */
export function createChatStreamDecoder(ctx: ConversionContext): StreamDecoder {
  let started = false;
  let closed = false;
  let failed = false;
  let finished = false;
  let nextIndex = 0;
  const calls = new Map<number | string, OpenCall>();
  let lastCallKey: number | string | undefined;

  const fail = (event: ErrorEvent): CanonicalStreamEvent[] => {
    closed = true;
    failed = true;
    return [event];
  };

  const start = (chunk: Record<string, unknown>): CanonicalStreamEvent[] => {
    started = true;
    const id = typeof chunk.id === 'string' && chunk.id ? chunk.id : newId('chatcmpl-');
    const model = typeof chunk.model === 'string' ? chunk.model : '';
    const created =
      typeof chunk.created === 'number' && chunk.created > 0 ? chunk.created : nowSeconds();
    return [{ type: 'start', id, model, created }];
  };

  const callFor = (delta: Record<string, unknown>, position: number): OpenCall => {
    const id = typeof delta.id === 'string' && delta.id ? delta.id : undefined;
    let key: number | string;
    if (typeof delta.index === 'number') key = delta.index;
    else if (id !== undefined) key = `id:${id}`;
    // Without index or id a delta continues the last call (or is the first of several).
    else key = lastCallKey ?? position;
    lastCallKey = key;
    let call = calls.get(key);
    if (!call) {
      call = { index: nextIndex++, started: false, held: '' };
      calls.set(key, call);
    }
    return call;
  };

  const toolCallEvents = (delta: unknown, position: number): CanonicalStreamEvent[] => {
    if (!isRecord(delta)) return [];
    const call = callFor(delta, position);
    const fn = isRecord(delta.function) ? delta.function : {};
    if (call.id === undefined && typeof delta.id === 'string' && delta.id) call.id = delta.id;
    if (call.name === undefined && typeof fn.name === 'string' && fn.name) call.name = fn.name;
    const args = typeof fn.arguments === 'string' ? fn.arguments : '';
    if (call.started)
      return args ? [{ type: 'tool-call-delta', index: call.index, argumentsDelta: args }] : [];
    if (call.name === undefined) {
      call.held += args;
      return [];
    }
    return startCall(call, args);
  };

  const startCall = (call: OpenCall, args: string): CanonicalStreamEvent[] => {
    call.started = true;
    call.id ??= newId('call_');
    const events: CanonicalStreamEvent[] = [
      { type: 'tool-call-start', index: call.index, id: call.id, name: call.name ?? '' },
    ];
    const pending = call.held + args;
    call.held = '';
    if (pending)
      events.push({ type: 'tool-call-delta', index: call.index, argumentsDelta: pending });
    return events;
  };

  const closeCalls = (): CanonicalStreamEvent[] => {
    const events: CanonicalStreamEvent[] = [];
    const open = [...calls.values()].sort((a, b) => a.index - b.index);
    for (const call of open) {
      // A call whose name never came still carries its arguments; losing it would be worse.
      if (!call.started) events.push(...startCall(call, ''));
      events.push({ type: 'tool-call-end', index: call.index });
    }
    calls.clear();
    return events;
  };

  const choiceEvents = (choice: Record<string, unknown>): CanonicalStreamEvent[] => {
    const events: CanonicalStreamEvent[] = [];
    const delta = isRecord(choice.delta) ? choice.delta : {};
    const reasoning =
      typeof delta.reasoning_content === 'string' ? delta.reasoning_content : delta.reasoning;
    if (typeof reasoning === 'string' && reasoning)
      events.push({ type: 'reasoning-delta', text: reasoning });
    for (const piece of chatContentPieces(delta.content))
      events.push(
        piece.kind === 'text'
          ? { type: 'text-delta', text: piece.text }
          : { type: 'reasoning-delta', text: piece.text },
      );
    if (typeof delta.refusal === 'string' && delta.refusal)
      events.push({ type: 'refusal-delta', text: delta.refusal });
    if (Array.isArray(delta.tool_calls))
      delta.tool_calls.forEach((call, position) => events.push(...toolCallEvents(call, position)));
    const reason = choice.finish_reason;
    if (typeof reason === 'string' && reason && !finished) {
      finished = true;
      const hadCalls = nextIndex > 0;
      events.push(...closeCalls(), {
        type: 'finish',
        reason: chatFinishToCanonical(reason, hadCalls),
      });
    }
    return events;
  };

  return {
    push(message: EventSourceMessage): CanonicalStreamEvent[] {
      if (closed) return [];
      const data = message.data.trim();
      if (data === '[DONE]') {
        closed = true;
        return [];
      }
      const chunk = tryParseJson(data);
      if (!isRecord(chunk))
        return fail({
          type: 'error',
          status: 502,
          message: 'The upstream sent a stream record that is not a JSON object.',
          code: 'bad_upstream_response',
        });
      if (chunk.error || message.event === 'error') return fail(upstreamError(chunk));
      const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
      const events: CanonicalStreamEvent[] = [];
      // Azure's placeholder first chunk has no id; the next chunk brings the real one.
      const placeholder = chunk.id === '' && choices.length === 0 && !isRecord(chunk.usage);
      if (!started && !placeholder) events.push(...start(chunk));
      const choice = choices.find((c) => isRecord(c) && c.index === 0) ?? choices[0];
      if (isRecord(choice)) events.push(...choiceEvents(choice));
      const usage = chatUsageToCanonical(chunk.usage, ctx);
      if (usage) events.push({ type: 'usage', usage });
      return events;
    },

    skim(message: EventSourceMessage): CanonicalStreamEvent[] | undefined {
      // The first chunk starts the answer, and an error event is read whole.
      if (!started || closed || message.event === 'error') return undefined;
      const text = chatDeltaText(message.data);
      if (text === undefined) return undefined;
      return text ? [{ type: 'text-delta', text }] : [];
    },

    end(): CanonicalStreamEvent[] {
      if (failed || finished) return [];
      const open = closeCalls();
      return [
        ...open,
        ...fail({
          type: 'error',
          status: 502,
          message: started
            ? 'The upstream stream ended before the answer was finished.'
            : 'The upstream stream ended without sending anything.',
          code: 'upstream_stream_truncated',
        }),
      ];
    },
  };
}

/** An in-stream `{"error":{...}}` record; a numeric `code` is the upstream's HTTP status. */
function upstreamError(chunk: Record<string, unknown>): ErrorEvent {
  const error = isRecord(chunk.error) ? chunk.error : chunk;
  const code = error.code;
  const status =
    typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
  const message =
    typeof error.message === 'string' && error.message
      ? error.message
      : `The upstream failed mid-stream: ${JSON.stringify(error)}`;
  const name =
    typeof code === 'string' ? code : typeof error.type === 'string' ? error.type : undefined;
  return { type: 'error', status, message, ...(name === undefined ? {} : { code: name }) };
}
