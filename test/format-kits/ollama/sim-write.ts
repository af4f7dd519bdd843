import { MID_STREAM_ERROR_MESSAGE } from '../../upstream-sim/errors.ts';
import { asArray, isRecord, type JsonRecord } from '../../upstream-sim/json-guards.ts';
import type { ReplyContext } from '../../upstream-sim/reply-context.ts';
import type { Answer } from '../../upstream-sim/reply-plan.ts';
import { StreamSink, pumpEvents, type StreamEvent } from '../../upstream-sim/stream-sink.ts';
import { splitWords } from '../../upstream-sim/text-pieces.ts';
import type { OllamaSimEndpoint } from './sim-parse.ts';

/** Go's `encoding/json` content type, which the Ollama server sends with every JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** What a streamed record adds to the model and time: chat's `message`, generate's `response`. */
type Piece = { content?: string; thinking?: string; tool_calls?: JsonRecord[] };

/**
 * Ollama's answers, as its server writes them. Streamed (the default): newline-delimited JSON,
 * `application/x-ndjson`, one record per token (`{model, created_at, message: {role, content,
 * thinking?, tool_calls?}, done: false}` for chat, `{…, response, thinking?, done: false}` for
 * generate), the calls whole in one record with their arguments as an object, then a last record
 * `done: true` with `done_reason` (`stop`, or `length` at the cap) and the metrics: token counts
 * and durations in nanoseconds. Not streamed: the same last record holding the whole message. A
 * request with nothing to answer (chat without messages, generate without a prompt) loads the
 * model: one record, `done_reason: "load"` (`"unload"` with `keep_alive: 0`), whatever `stream`
 * says. The error of a stream that fails is a last line `{"error": "…"}`.
 */
export async function writeOllamaReply(
  ctx: ReplyContext,
  endpoint: OllamaSimEndpoint,
): Promise<void> {
  const load = loadReason(ctx.body, endpoint);
  if (load !== null) {
    const body = record(ctx, endpoint, 0, {}, { done: true, done_reason: load });
    ctx.ex.sendRaw(200, JSON.stringify(body), { 'content-type': JSON_TYPE });
    return;
  }
  if (!ctx.req.stream) {
    ctx.ex.sendRaw(200, JSON.stringify(wholeAnswer(ctx, endpoint)), {
      'content-type': JSON_TYPE,
    });
    return;
  }
  ctx.ex.startStream('application/x-ndjson');
  const sink = new StreamSink(ctx.ex, ctx.plan, 'ndjson');
  await pumpEvents(sink, streamRecords(ctx, endpoint), ctx.plan, streamError);
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || asArray(value)?.length === 0;

/** `load` or `unload` for a request with nothing to answer, else null. */
function loadReason(body: JsonRecord, endpoint: OllamaSimEndpoint): 'load' | 'unload' | null {
  const empty =
    endpoint === 'chat' ? isEmpty(body.messages) : isEmpty(body.prompt) && isEmpty(body.images);
  if (!empty) return null;
  const keep = body.keep_alive;
  return keep === 0 || keep === '0' || keep === '0s' ? 'unload' : 'load';
}

/** One record: model and time first, then the piece, as Ollama orders its fields. */
function record(
  ctx: ReplyContext,
  endpoint: OllamaSimEndpoint,
  index: number,
  piece: Piece,
  tail: JsonRecord,
): JsonRecord {
  const { content = '', ...rest } = piece;
  const head = {
    model: ctx.req.model,
    // A millisecond apart per record, from the request's second: stable within a run.
    created_at: new Date(ctx.created * 1000 + index).toISOString(),
  };
  return endpoint === 'chat'
    ? { ...head, message: { role: 'assistant', content, ...rest }, ...tail }
    : { ...head, response: content, ...rest, ...tail };
}

/**
 * The last record's fields: why it stopped, and the metrics. Ollama counts no cached prompt
 * tokens and no reasoning apart: `eval_count` holds every generated token, thinking included.
 */
function doneFields(ctx: ReplyContext, endpoint: OllamaSimEndpoint): JsonRecord {
  const { answer } = ctx;
  const input = answer.usage.input;
  const output = answer.usage.output + (answer.thought === null ? 0 : answer.usage.reasoning);
  const load = 1_250_000;
  const promptEval = input * 120_000;
  const evalDuration = output * 9_000_000;
  return {
    done: true,
    done_reason: answer.truncated ? 'length' : 'stop',
    // Generate hands back the conversation's token ids, for a next request's `context`.
    ...(endpoint === 'generate'
      ? { context: Array.from({ length: Math.min(input + output, 32) }, (_, i) => 100 + i) }
      : {}),
    total_duration: load + promptEval + evalDuration,
    load_duration: load,
    prompt_eval_count: input,
    prompt_eval_duration: promptEval,
    eval_count: output,
    eval_duration: evalDuration,
  };
}

/** A call as Ollama writes it: its id, its position, and the arguments as an object. */
function callsOf(answer: Answer): JsonRecord[] {
  return answer.calls.map((call, index) => ({
    id: call.callId,
    function: { index, name: call.name, arguments: isRecord(call.args) ? call.args : {} },
  }));
}

function wholeAnswer(ctx: ReplyContext, endpoint: OllamaSimEndpoint): JsonRecord {
  const { answer } = ctx;
  const piece: Piece = { content: answer.text };
  if (answer.thought !== null) piece.thinking = answer.thought;
  if (answer.kind === 'tools') piece.tool_calls = callsOf(answer);
  return record(ctx, endpoint, 0, piece, doneFields(ctx, endpoint));
}

function* streamRecords(ctx: ReplyContext, endpoint: OllamaSimEndpoint): Generator<StreamEvent> {
  const { answer } = ctx;
  let index = 0;
  const next = (piece: Piece): StreamEvent => ({
    data: record(ctx, endpoint, index++, piece, { done: false }),
  });
  for (const thinking of splitWords(answer.thought ?? '')) yield next({ thinking });
  if (answer.kind === 'tools') yield next({ tool_calls: callsOf(answer) });
  for (const content of answer.pieces) yield next({ content });
  yield { data: record(ctx, endpoint, index, {}, doneFields(ctx, endpoint)) };
}

/** The line Ollama ends a failed stream with: the error alone, no status, no model. */
function streamError(): StreamEvent[] {
  return [{ data: { error: MID_STREAM_ERROR_MESSAGE } }];
}
