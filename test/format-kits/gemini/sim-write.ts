import { MID_STREAM_ERROR_MESSAGE } from '../../upstream-sim/errors.ts';
import type { JsonRecord } from '../../upstream-sim/json-guards.ts';
import type { ReplyContext } from '../../upstream-sim/reply-context.ts';
import type { SimToolCall, SimUsage } from '../../upstream-sim/reply-plan.ts';
import { StreamSink, pumpEvents } from '../../upstream-sim/stream-sink.ts';
import type { Framing, StreamEvent } from '../../upstream-sim/stream-sink.ts';

/**
 * Native generateContent replies. Without `alt=sse` the
 * streaming action answers like Google does: one JSON array of the same chunks.
 */
export async function writeGeminiReply(ctx: ReplyContext): Promise<void> {
  const framing: Framing | null = !ctx.req.stream
    ? null
    : ctx.ex.entry.query.alt === 'sse'
      ? 'sse'
      : 'json-array';
  if (framing === null) {
    ctx.ex.sendJson(200, wholeResponse(ctx));
    return;
  }
  ctx.ex.startStream(framing === 'sse' ? 'text/event-stream' : 'application/json');
  const sink = new StreamSink(ctx.ex, ctx.plan, framing);
  await pumpEvents(sink, geminiChunks(ctx), ctx.plan, geminiStreamError);
}

/** Running totals: `candidates` output tokens so far; thoughts count from the start. */
function usageMetadata(u: SimUsage, candidates: number): JsonRecord {
  const meta: JsonRecord = {
    promptTokenCount: u.input,
    candidatesTokenCount: candidates,
    totalTokenCount: u.input + candidates + u.reasoning,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: u.input }],
  };
  if (u.reasoning > 0) meta.thoughtsTokenCount = u.reasoning;
  if (u.cached > 0) meta.cachedContentTokenCount = u.cached;
  return meta;
}

function callPart(call: SimToolCall): JsonRecord {
  // No `id`: the Gemini Developer API does not send one.
  const part: JsonRecord = { functionCall: { name: call.name, args: call.args } };
  if (call.thoughtSignature !== null) part.thoughtSignature = call.thoughtSignature;
  return part;
}

function finishReason(ctx: ReplyContext): string {
  return ctx.answer.truncated ? 'MAX_TOKENS' : 'STOP';
}

function responseChunk(
  ctx: ReplyContext,
  parts: JsonRecord[],
  candidates: number,
  finish: string | null,
): JsonRecord {
  const candidate: JsonRecord = { content: { parts, role: 'model' } };
  if (finish !== null) candidate.finishReason = finish;
  candidate.index = 0;
  return {
    candidates: [candidate],
    usageMetadata: usageMetadata(ctx.answer.usage, candidates),
    modelVersion: ctx.req.model,
    responseId: `simresp${ctx.n}`,
  };
}

function wholeResponse(ctx: ReplyContext): JsonRecord {
  const { answer } = ctx;
  const parts: JsonRecord[] = [];
  if (answer.thought !== null) parts.push({ text: answer.thought, thought: true });
  if (answer.kind === 'tools') parts.push(...answer.calls.map(callPart));
  else parts.push({ text: answer.text });
  return responseChunk(ctx, parts, answer.usage.output, finishReason(ctx));
}

function* geminiChunks(ctx: ReplyContext): Generator<StreamEvent> {
  const { answer } = ctx;
  if (answer.thought !== null) {
    yield { data: responseChunk(ctx, [{ text: answer.thought, thought: true }], 0, null) };
  }
  if (answer.kind === 'tools') {
    // Function calls arrive whole, all in one chunk.
    yield { data: responseChunk(ctx, answer.calls.map(callPart), answer.usage.output, 'STOP') };
    return;
  }
  const pieces = answer.pieces.length > 0 ? answer.pieces : [''];
  const last = pieces.length - 1;
  for (const [i, text] of pieces.entries()) {
    const finish = i === last ? finishReason(ctx) : null;
    yield { data: responseChunk(ctx, [{ text }], Math.min(i + 1, answer.usage.output), finish) };
  }
}

function geminiStreamError(): StreamEvent[] {
  return [
    { data: { error: { code: 500, message: MID_STREAM_ERROR_MESSAGE, status: 'INTERNAL' } } },
  ];
}
