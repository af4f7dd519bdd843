import { MID_STREAM_ERROR_MESSAGE } from '../../upstream-sim/errors.ts';
import { asRecord } from '../../upstream-sim/json-guards.ts';
import type { JsonRecord } from '../../upstream-sim/json-guards.ts';
import type { ReplyContext } from '../../upstream-sim/reply-context.ts';
import type { SimUsage } from '../../upstream-sim/reply-plan.ts';
import type { ResponseStore } from '../../upstream-sim/response-store.ts';
import { StreamSink, pumpEvents } from '../../upstream-sim/stream-sink.ts';
import type { StreamEvent } from '../../upstream-sim/stream-sink.ts';
import { splitArguments } from '../../upstream-sim/text-pieces.ts';

/** Responses-format replies. */
export async function writeResponsesReply(ctx: ReplyContext, store: ResponseStore): Promise<void> {
  const items = outputItems(ctx);
  const final = finalResponse(ctx, items);
  if (ctx.body.store !== false && !ctx.plan.errorMidStream) {
    store.save(String(final.id), new Map(ctx.answer.calls.map((c) => [c.callId, c.name])));
  }
  if (!ctx.req.stream) {
    ctx.ex.sendJson(200, final);
    return;
  }
  ctx.ex.startStream('text/event-stream');
  const sink = new StreamSink(ctx.ex, ctx.plan, 'sse');
  const errors = (seq: number): StreamEvent[] => streamError(ctx, seq);
  await pumpEvents(sink, responseEvents(ctx, final, items), ctx.plan, errors);
}

function responsesUsage(u: SimUsage): JsonRecord {
  const output = u.output + u.reasoning;
  return {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: u.cached },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.reasoning },
    total_tokens: u.input + output,
  };
}

/** The response object with request parameters echoed, as the real API does. */
function baseResponse(ctx: ReplyContext): JsonRecord {
  const b = ctx.body;
  const reasoning = asRecord(b.reasoning);
  const text = asRecord(b.text);
  return {
    id: `resp_sim${ctx.n}`,
    object: 'response',
    created_at: ctx.created,
    status: 'in_progress',
    background: false,
    completed_at: null,
    error: null,
    incomplete_details: null,
    instructions: b.instructions ?? null,
    max_output_tokens: b.max_output_tokens ?? null,
    max_tool_calls: b.max_tool_calls ?? null,
    model: ctx.req.model,
    output: [],
    parallel_tool_calls: b.parallel_tool_calls ?? true,
    previous_response_id: b.previous_response_id ?? null,
    prompt_cache_key: b.prompt_cache_key ?? null,
    reasoning: { effort: reasoning?.effort ?? null, summary: reasoning?.summary ?? null },
    safety_identifier: b.safety_identifier ?? null,
    service_tier: 'default',
    store: b.store ?? true,
    temperature: b.temperature ?? 1,
    text: { format: text?.format ?? { type: 'text' }, verbosity: text?.verbosity ?? 'medium' },
    tool_choice: b.tool_choice ?? 'auto',
    tools: b.tools ?? [],
    top_logprobs: b.top_logprobs ?? 0,
    top_p: b.top_p ?? 1,
    truncation: b.truncation ?? 'disabled',
    usage: null,
    user: b.user ?? null,
    metadata: b.metadata ?? {},
  };
}

function outputItems(ctx: ReplyContext): JsonRecord[] {
  const { answer } = ctx;
  if (answer.kind === 'tools') {
    return answer.calls.map((c) => ({
      id: c.itemId,
      type: 'function_call',
      status: 'completed',
      arguments: c.argsJson,
      call_id: c.callId,
      name: c.name,
    }));
  }
  return [
    {
      id: `msg_sim${ctx.n}`,
      type: 'message',
      status: answer.truncated ? 'incomplete' : 'completed',
      content: [{ type: 'output_text', annotations: [], logprobs: [], text: answer.text }],
      role: 'assistant',
    },
  ];
}

function finalResponse(ctx: ReplyContext, items: JsonRecord[]): JsonRecord {
  const incomplete = ctx.answer.truncated;
  return {
    ...baseResponse(ctx),
    status: incomplete ? 'incomplete' : 'completed',
    completed_at: incomplete ? null : Math.floor(Date.now() / 1000),
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    output: items,
    usage: responsesUsage(ctx.answer.usage),
  };
}

function* responseEvents(
  ctx: ReplyContext,
  final: JsonRecord,
  items: JsonRecord[],
): Generator<StreamEvent> {
  let seq = 0;
  const ev = (type: string, fields: JsonRecord): StreamEvent => ({
    event: type,
    data: { type, sequence_number: seq++, ...fields },
  });
  const started = baseResponse(ctx);
  yield ev('response.created', { response: started });
  yield ev('response.in_progress', { response: started });
  for (const [output_index, item] of items.entries()) {
    const item_id = item.id;
    if (item.type === 'function_call') {
      const args = String(item.arguments);
      yield ev('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', arguments: '' },
      });
      for (const delta of splitArguments(args)) {
        yield ev('response.function_call_arguments.delta', { item_id, output_index, delta });
      }
      yield ev('response.function_call_arguments.done', { item_id, output_index, arguments: args });
    } else {
      const where = { item_id, output_index, content_index: 0 };
      const empty = { type: 'output_text', annotations: [], logprobs: [], text: '' };
      yield ev('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', content: [] },
      });
      yield ev('response.content_part.added', { ...where, part: empty });
      for (const delta of ctx.answer.pieces) {
        yield ev('response.output_text.delta', { ...where, delta, logprobs: [] });
      }
      const text = ctx.answer.text;
      yield ev('response.output_text.done', { ...where, text, logprobs: [] });
      yield ev('response.content_part.done', { ...where, part: { ...empty, text } });
    }
    yield ev('response.output_item.done', { output_index, item });
  }
  const terminal = final.status === 'incomplete' ? 'response.incomplete' : 'response.completed';
  yield ev(terminal, { response: final });
}

function streamError(ctx: ReplyContext, seq: number): StreamEvent[] {
  const message = MID_STREAM_ERROR_MESSAGE;
  const failed = {
    ...baseResponse(ctx),
    status: 'failed',
    error: { code: 'server_error', message },
  };
  return [
    {
      event: 'error',
      data: { type: 'error', sequence_number: seq, code: 'server_error', message, param: null },
    },
    {
      event: 'response.failed',
      data: { type: 'response.failed', sequence_number: seq + 1, response: failed },
    },
  ];
}
