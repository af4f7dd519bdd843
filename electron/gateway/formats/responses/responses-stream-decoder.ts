import type { EventSourceMessage } from 'eventsource-parser';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import type { StreamDecoder } from '../../canonical/format-codec.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { statusOfResponsesError } from './map-responses-error-status.ts';
import { finishReasonOf } from './map-responses-status.ts';
import { isReplayableReasoning, rememberReasoningForCall } from './responses-reasoning-state.ts';
import { withResponsesReasoning } from './responses-state.ts';
import { responsesDelta, type ResponsesDelta } from './responses-stream-skim.ts';
import { responsesUsageToCanonical } from './responses-usage.ts';
import { createTextProgress } from './stream-text-progress.ts';

type Event = Record<string, unknown>;
type Out = CanonicalStreamEvent[];

const str = (record: Record<string, unknown>, key: string): string | undefined =>
  typeof record[key] === 'string' ? record[key] : undefined;
const indexField = (record: Record<string, unknown>, key: string): number =>
  typeof record[key] === 'number' ? record[key] : 0;
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/**
 * Upstream responses events → canonical events. The JSON `type` is authoritative (the `event:`
 * line is optional, key order arbitrary), and items are told apart by `output_index`: some
 * servers (GitHub Copilot) give every event of one item a different `item_id`.
 */
export function createResponsesStreamDecoder(ctx: ConversionContext): StreamDecoder {
  /** Function calls by output index; their canonical index counts calls only. */
  const calls = new Map<number, number>();
  const progress = createTextProgress();
  let started = false;
  let finished = false;
  /** The last replayable reasoning item, remembered for each call that follows it. */
  let reasoningJson: string | undefined;

  const start = (response: unknown): Out => {
    if (started) return [];
    started = true;
    const r = isRecord(response) ? response : {};
    return [
      {
        type: 'start',
        id: str(r, 'id') ?? newId('resp_'),
        model: str(r, 'model') ?? '',
        created: typeof r.created_at === 'number' ? r.created_at : nowSeconds(),
      },
    ];
  };

  const fail = (status: number, message: string, code: string | undefined): Out => {
    finished = true;
    return [{ type: 'error', status, message, ...(code === undefined ? {} : { code }) }];
  };

  /** An error body (`{code, message, type?}`) as an error event with the status it stands for. */
  const failWith = (body: Record<string, unknown>, fallback: string): Out => {
    const code = str(body, 'code');
    const type = str(body, 'type');
    return fail(statusOfResponsesError(code, type), str(body, 'message') ?? fallback, code ?? type);
  };

  const text = (key: string, delta: string): Out => {
    if (!delta) return [];
    progress.add(key, delta);
    return [{ type: 'text-delta', text: delta }];
  };
  const refusal = (key: string, delta: string): Out => {
    if (!delta) return [];
    progress.add(key, delta);
    return [{ type: 'refusal-delta', text: delta }];
  };
  /** Reasoning text; summary parts after the first are set off by a blank line, as when joined whole. */
  const reasoning = (key: string, delta: string, separated: boolean): Out => {
    if (!delta) return [];
    const lead = separated && !progress.has(key) ? '\n\n' : '';
    progress.add(key, delta);
    return [{ type: 'reasoning-delta', text: lead + delta }];
  };
  const args = (outputIndex: number, delta: string): Out => {
    const index = calls.get(outputIndex);
    if (index === undefined || !delta) return [];
    progress.add(`args:${outputIndex}`, delta);
    return [{ type: 'tool-call-delta', index, argumentsDelta: delta }];
  };

  const callAdded = (item: Record<string, unknown>, outputIndex: number): Out => {
    const id = str(item, 'call_id') || newId('call_');
    if (reasoningJson !== undefined) rememberReasoningForCall(ctx.state, id, reasoningJson);
    const index = calls.size;
    calls.set(outputIndex, index);
    return [{ type: 'tool-call-start', index, id, name: str(item, 'name') ?? '' }];
  };

  const itemDone = (item: Record<string, unknown>, o: number): Out => {
    switch (item.type) {
      case 'function_call': {
        const index = calls.get(o);
        if (index === undefined) return [];
        const whole = str(item, 'arguments') ?? '';
        return [...args(o, progress.rest(`args:${o}`, whole)), { type: 'tool-call-end', index }];
      }
      case 'message':
        return list(item.content).flatMap((part, c) =>
          part.type === 'refusal'
            ? refusal(
                `refusal:${o}:${c}`,
                progress.rest(`refusal:${o}:${c}`, str(part, 'refusal') ?? ''),
              )
            : text(`text:${o}:${c}`, progress.rest(`text:${o}:${c}`, str(part, 'text') ?? '')),
        );
      case 'reasoning': {
        const out = list(item.summary).flatMap((part, s) => {
          const key = `summary:${o}:${s}`;
          return reasoning(key, progress.rest(key, str(part, 'text') ?? ''), s > 0);
        });
        if (isReplayableReasoning(item)) {
          reasoningJson = JSON.stringify(item);
          out.push(
            withResponsesReasoning(
              { type: 'reasoning-delta', text: '' },
              String(item.encrypted_content),
              String(item.id),
            ),
          );
        }
        return out;
      }
      default:
        return [];
    }
  };

  const terminal = (event: Event): Out => {
    const response = isRecord(event.response) ? event.response : {};
    const out = start(response);
    const usage = responsesUsageToCanonical(response.usage);
    if (usage) out.push({ type: 'usage', usage });
    if (event.type === 'response.failed') {
      // A finish reason cannot say what failed; an error event does, and makes SDK clients throw.
      const error = isRecord(response.error) ? response.error : {};
      return [...out, ...failWith(error, 'The upstream response failed.')];
    }
    finished = true;
    const status = event.type === 'response.incomplete' ? 'incomplete' : 'completed';
    const reason = finishReasonOf(status, response.incomplete_details, calls.size > 0);
    return [...out, { type: 'finish', reason }];
  };

  /** A piece of text (or arguments) for its slot; undefined for an event of another type. */
  const deltaEvents = (d: ResponsesDelta): Out | undefined => {
    const { outputIndex: o, contentIndex: c, summaryIndex: s, delta } = d;
    switch (d.type) {
      case 'response.output_text.delta':
        return text(`text:${o}:${c}`, delta);
      case 'response.refusal.delta':
        return refusal(`refusal:${o}:${c}`, delta);
      case 'response.reasoning_summary_text.delta':
        return reasoning(`summary:${o}:${s}`, delta, s > 0);
      case 'response.reasoning_text.delta':
        return reasoning(`reasoning:${o}:${c}`, delta, false);
      case 'response.function_call_arguments.delta':
        return args(o, delta);
      default:
        return undefined;
    }
  };

  const handle = (event: Event): Out => {
    const o = indexField(event, 'output_index');
    const c = indexField(event, 'content_index');
    const s = indexField(event, 'summary_index');
    const delta = str(event, 'delta') ?? '';
    const item = isRecord(event.item) ? event.item : {};
    if (typeof event.type === 'string') {
      const events = deltaEvents({
        type: event.type,
        outputIndex: o,
        contentIndex: c,
        summaryIndex: s,
        delta,
      });
      if (events) return events;
    }
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued':
        return start(event.response);
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        return terminal(event);
      case 'error': {
        // 7.55 accepts the flat `{code, message}` shape and the nested `{error: {...}}` one,
        // whose `type` is the error's type; in the flat shape `type` is just 'error'.
        const { type: _type, ...flat } = event;
        return [
          ...start(undefined),
          ...failWith(isRecord(event.error) ? event.error : flat, 'The upstream stream failed.'),
        ];
      }
      case 'response.output_item.added':
        if (item.type === 'reasoning') reasoningJson = undefined;
        return item.type === 'function_call' ? callAdded(item, o) : [];
      case 'response.output_item.done':
        return itemDone(item, o);
      case 'response.output_text.done':
        return text(`text:${o}:${c}`, progress.rest(`text:${o}:${c}`, str(event, 'text') ?? ''));
      case 'response.refusal.done':
        return refusal(
          `refusal:${o}:${c}`,
          progress.rest(`refusal:${o}:${c}`, str(event, 'refusal') ?? ''),
        );
      case 'response.reasoning_summary_text.done': {
        const key = `summary:${o}:${s}`;
        return reasoning(key, progress.rest(key, str(event, 'text') ?? ''), s > 0);
      }
      case 'response.reasoning_text.done': {
        const key = `reasoning:${o}:${c}`;
        return reasoning(key, progress.rest(key, str(event, 'text') ?? ''), false);
      }
      case 'response.function_call_arguments.done':
        return args(o, progress.rest(`args:${o}`, str(event, 'arguments') ?? ''));
      default:
        // Part and summary-part boundaries carry no text; keepalives and built-in tool events nothing.
        return [];
    }
  };

  return {
    push(message: EventSourceMessage): Out {
      if (finished) return [];
      const data = message.data.trim();
      if (data === '' || data === '[DONE]') return [];
      const event = tryParseJson(data);
      if (!isRecord(event))
        return [
          ...start(undefined),
          ...fail(502, 'The upstream sent an event that is not JSON.', undefined),
        ];
      return handle(event);
    },
    skim(message: EventSourceMessage): Out | undefined {
      if (finished) return undefined;
      const delta = responsesDelta(message.data);
      return delta && deltaEvents(delta);
    },
    end(): Out {
      if (finished) return [];
      return fail(502, 'The upstream stream ended before the response was complete.', undefined);
    },
  };
}
