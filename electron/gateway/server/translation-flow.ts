import type { ServerResponse } from 'node:http';
import type { CanonicalRequest } from '../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../canonical/canonical-response.ts';
import type { ConversionContext, ResponseEncodeContext } from '../canonical/conversion-context.ts';
import { hasOutputLimits, limitResponse, StreamOutputLimiter } from '../canonical/output-limits.ts';
import { isRecord } from '../canonical/json.ts';
import { StreamAccumulator } from '../canonical/stream-accumulator.ts';
import type { FormatCodec, RequestEnvelope } from '../canonical/format-codec.ts';
import { MAX_TRANSLATED_NESTING, nestsDeeperThan } from '../formats/nesting-depth.ts';
import { callUpstream } from '../upstream/call-upstream.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';
import { answerTooLarge, MAX_PARSED_ANSWER_BYTES } from '../upstream/answer-limits.ts';
import { readCapped } from '../upstream/read-capped.ts';
import { loadTokenizer } from './bpe-tokenizer.ts';
import { setDroppedHeader } from './dropped-header.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { meterRequest } from '../metering/meter-request.ts';
import { outputChars } from '../metering/output-chars.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { ModelCall } from './model-call.ts';
import type { RequestContext } from './request-context.ts';
import { sendJson, writeWithBackpressure } from './send-json.ts';

/**
 * The model lacks the client's format: client body → canonical → the upstream's format; the
 * answer comes back the same way, event by event when streamed.
 */
export async function translationFlow(
  deps: GenerationDeps,
  ctx: RequestContext,
  client: FormatCodec,
  upstream: FormatCodec,
  envelope: RequestEnvelope,
  requestChars: number,
  call: ModelCall,
  res: ServerResponse,
): Promise<void> {
  const meter = { requestChars, tariff: call.model.tariff };
  ctx.record.route = 'translated';
  ctx.record.upstreamFormat = upstream.format;
  const conversion: ConversionContext = {
    rules: ctx.record.rules,
    dropped: ctx.record.dropped,
    state: deps.state,
    responses: deps.responses,
  };
  // The converters recurse through the body; refuse what would overflow the stack as a 400.
  if (nestsDeeperThan(envelope.body, MAX_TRANSLATED_NESTING))
    throw new GatewayError(
      400,
      `The request nests arrays and objects more than ${MAX_TRANSLATED_NESTING} levels deep, which the gateway does not translate.`,
      { code: 'request_too_deep' },
    );
  client.readHeaders?.(ctx.headers, conversion);
  const request = client.decodeRequest(envelope.body, conversion, envelope);
  // A route's model answers under its own name.
  request.model = call.model.id;
  const upstreamBody = upstream.encodeRequest(request, conversion);
  setDroppedHeader(res, conversion.dropped);
  const limits = conversion.outputLimits;
  const tokenizer = hasOutputLimits(limits) ? await loadTokenizer() : undefined;

  const upstreamClient = deps.upstream();
  const answer = await callUpstream(upstreamClient, call.retry, ctx, {
    path: upstream.upstreamPath(request.model, request.stream),
    headers: upstream.upstreamHeaders?.(undefined) ?? {},
    body: JSON.stringify(upstreamBody),
    stream: request.stream,
    streamType: upstream.framing.contentType,
    signal: call.attempt.signal,
  });
  if (!answer) return;
  if (!answer.ok) throw upstream.decodeError(answer.status, answer.body.toString(), answer.headers);

  const encodeContext: ResponseEncodeContext = {
    ...conversion,
    request,
    clientBody: envelope.body,
    requestId: ctx.id,
    responseId: client.newResponseId(),
  };
  if (!request.stream) {
    let body: unknown;
    try {
      // Read whole to be parsed, so capped: a runaway answer must not take the memory.
      const read = await readCapped(answer.response.body, MAX_PARSED_ANSWER_BYTES);
      if (read.truncated) throw answerTooLarge('an answer', MAX_PARSED_ANSWER_BYTES);
      // Scrubbed before it is decoded: an escaped key would come out of the parse as the key.
      body = JSON.parse(upstreamClient.scrubBytes(read.bytes).toString());
    } catch (error) {
      if (call.attempt.signal.aborted) return;
      if (error instanceof GatewayError) throw error;
      // A timeout or a cut connection is said as such; a parse error's text would quote the body.
      if (!(error instanceof SyntaxError)) throw upstreamFailure(error, '');
      throw new GatewayError(502, "The upstream's answer was not valid JSON.", {
        code: 'upstream_invalid_response',
      });
    }
    const decoded = upstream.decodeResponse(body, conversion);
    const response = limits && tokenizer ? limitResponse(decoded, limits, tokenizer) : decoded;
    meterRequest(ctx.record, {
      usage: response.usage,
      requestChars: meter.requestChars,
      outputChars: outputChars(response),
      tariff: meter.tariff,
    });
    ctx.markFirstByte();
    const encoded = client.encodeResponse(response, encodeContext);
    sendJson(res, 200, encoded);
    remember(deps, client, envelope, request, response, encoded, encodeContext.responseId);
    return;
  }

  // The status line goes with the first bytes of the answer: until then, a failure is still an
  // error status the client can read, and a route may still hand the request to another model.
  const sendHead = (): void => {
    if (res.headersSent) return;
    res.writeHead(200, {
      'content-type': client.framing.contentType,
      'cache-control': 'no-cache',
    });
  };
  const decoder = upstream.createStreamDecoder(conversion);
  const encoder = client.createStreamEncoder(encodeContext);
  const accumulator = new StreamAccumulator();
  const limiter = limits && tokenizer ? new StreamOutputLimiter(limits, tokenizer) : undefined;
  let out = '';
  const emit = (decoded: ReturnType<typeof decoder.push>) => {
    const events = limiter ? decoded.flatMap((event) => limiter.push(event)) : decoded;
    for (const event of events) {
      accumulator.add(event);
      out += encoder.encode(event);
    }
  };
  // Each record is scrubbed before it is decoded: an upstream's text (an in-stream error, an
  // answer that echoes it) may hold the key, escaped forms included, which decoding would undo.
  const scrubber = upstreamClient.keyScrubber();
  const reader = upstream.framing.createReader((record) =>
    emit(decoder.push({ ...record, data: scrubber.text(record.data) })),
  );
  // Metering runs however the stream ends, a cancelled one included (usage up to the cancel).
  const finishMetering = () =>
    meterRequest(ctx.record, {
      usage: accumulator.usage,
      requestChars: meter.requestChars,
      outputChars: outputChars(accumulator.result()),
      tariff: meter.tariff,
    });
  try {
    for await (const chunk of answer.response.body as AsyncIterable<Buffer>) {
      if (res.destroyed) break;
      call.attempt.gotFirstByte();
      reader.push(chunk);
      if (out) {
        sendHead();
        ctx.markFirstByte();
        const text = out;
        out = '';
        await writeWithBackpressure(res, text);
      }
    }
    reader.end();
    emit(decoder.end());
  } catch (error) {
    if (res.destroyed || ctx.signal.aborted) return finishMetering();
    if (!res.headersSent) throw failedBeforeOutput(error, call);
    const message =
      error instanceof GatewayError
        ? error.message
        : `The upstream stream failed: ${error instanceof Error ? error.message : String(error)}`;
    // The gateway's own verdict (a record past the cap) keeps its code; anything else is a cut.
    const code = (error instanceof GatewayError && error.code) || 'upstream_disconnected';
    emit([{ type: 'error', status: 502, message, code }]);
    ctx.record.errorKind = code;
  }
  finishMetering();
  if (res.destroyed) return;
  if (accumulator.error) {
    ctx.record.errorKind ??= 'upstream_stream_error';
    ctx.record.errorMessage = accumulator.error.message;
  }
  sendHead();
  res.end(out + encoder.end());
  if (!accumulator.error) {
    const response = accumulator.result();
    // The stream's last event held the whole answer; the kept copy is that answer unstreamed.
    const encoded = keeps(client, envelope) ? client.encodeResponse(response, encodeContext) : null;
    remember(deps, client, envelope, request, response, encoded, encodeContext.responseId);
  }
}

/** A stream that failed before anything was sent: an error status, which a route may move on from. */
function failedBeforeOutput(error: unknown, call: ModelCall): GatewayError {
  if (call.attempt.timedOut) return call.attempt.timeoutError();
  if (error instanceof GatewayError) return error;
  const failure = upstreamFailure(error, '');
  if (failure.code !== 'upstream_error') return failure;
  const reason = error instanceof Error ? error.message : String(error);
  return new GatewayError(502, `The upstream stream failed before any output: ${reason}`, {
    code: 'upstream_disconnected',
    cause: error,
  });
}

const keeps = (client: FormatCodec, envelope: RequestEnvelope): boolean =>
  client.keptAnswers?.keep(envelope.body) === true;

/**
 * Keeps the conversation of a client whose format refers back to answers (responses'
 * `previous_response_id`), with the answer as the client got it.
 */
function remember(
  deps: GenerationDeps,
  client: FormatCodec,
  envelope: RequestEnvelope,
  request: CanonicalRequest,
  response: CanonicalResponse,
  encoded: unknown,
  responseId: string,
): void {
  if (!keeps(client, envelope)) return;
  deps.responses.set(responseId, {
    messages: [...request.messages, { role: 'assistant', parts: response.parts }],
    ...(isRecord(encoded) ? { response: encoded } : {}),
  });
}
