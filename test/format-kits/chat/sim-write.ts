import { MID_STREAM_ERROR_MESSAGE } from '../../upstream-sim/errors.ts';
import { asRecord } from '../../upstream-sim/json-guards.ts';
import type { ReplyContext } from '../../upstream-sim/reply-context.ts';
import type { Answer, SimUsage } from '../../upstream-sim/reply-plan.ts';
import { StreamSink, pumpEvents } from '../../upstream-sim/stream-sink.ts';
import type { StreamEvent } from '../../upstream-sim/stream-sink.ts';
import { splitArguments } from '../../upstream-sim/text-pieces.ts';

const FINGERPRINT = 'fp_sim';

/** Chat-completions replies. */
export async function writeChatReply(ctx: ReplyContext): Promise<void> {
  if (!ctx.req.stream) {
    ctx.ex.sendJson(200, chatCompletion(ctx));
    return;
  }
  ctx.ex.startStream('text/event-stream');
  const sink = new StreamSink(ctx.ex, ctx.plan, 'sse');
  await pumpEvents(sink, chatChunks(ctx), ctx.plan, chatStreamError, 'data: [DONE]\n\n');
}

function finishReason(answer: Answer): string {
  if (answer.kind === 'tools') return 'tool_calls';
  return answer.truncated ? 'length' : 'stop';
}

function chatUsage(u: SimUsage): Record<string, unknown> {
  const completion = u.output + u.reasoning;
  return {
    prompt_tokens: u.input,
    completion_tokens: completion,
    total_tokens: u.input + completion,
    prompt_tokens_details: { cached_tokens: u.cached, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: u.reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function chatCompletion(ctx: ReplyContext): Record<string, unknown> {
  const { answer } = ctx;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: answer.kind === 'tools' ? null : answer.text,
    refusal: null,
    annotations: [],
  };
  if (answer.kind === 'tools') {
    message.tool_calls = answer.calls.map((c) => ({
      id: c.callId,
      type: 'function',
      function: { name: c.name, arguments: c.argsJson },
    }));
  }
  return {
    id: `chatcmpl-sim${ctx.n}`,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.req.model,
    system_fingerprint: FINGERPRINT,
    service_tier: 'default',
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(answer) }],
    usage: chatUsage(answer.usage),
  };
}

function* chatChunks(ctx: ReplyContext): Generator<StreamEvent> {
  const { answer } = ctx;
  const head = {
    id: `chatcmpl-sim${ctx.n}`,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.req.model,
    system_fingerprint: FINGERPRINT,
  };
  const chunk = (delta: unknown, finish: string | null = null): StreamEvent => ({
    data: {
      ...head,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    },
  });
  if (answer.kind === 'tools') {
    yield chunk({ role: 'assistant', content: null });
    for (const [index, call] of answer.calls.entries()) {
      const fn = { name: call.name, arguments: '' };
      yield chunk({ tool_calls: [{ index, id: call.callId, type: 'function', function: fn }] });
      for (const fragment of splitArguments(call.argsJson)) {
        yield chunk({ tool_calls: [{ index, function: { arguments: fragment } }] });
      }
    }
  } else {
    yield chunk({ role: 'assistant', content: '', refusal: null });
    for (const piece of answer.pieces) yield chunk({ content: piece });
  }
  yield chunk({}, finishReason(answer));
  if (asRecord(ctx.body.stream_options)?.include_usage === true) {
    yield { data: { ...head, choices: [], usage: chatUsage(answer.usage) } };
  }
}

function chatStreamError(): StreamEvent[] {
  const error = {
    message: MID_STREAM_ERROR_MESSAGE,
    type: 'server_error',
    param: null,
    code: 'server_error',
  };
  return [{ data: { error } }];
}
