import { readCallTrigger } from './call-trigger.ts';
import { findModel } from './catalog.ts';
import {
  MID_STREAM_ERROR_MESSAGE,
  badRequest,
  endpointNotSupported,
  imagesNotSupported,
  insufficientBalance,
  makeFailure,
  modelNotFound,
  simulatedStatus,
} from './errors.ts';
import type { SimFailure } from './errors.ts';
import type { Exchange } from './exchange.ts';
import { parseFaults } from './faults.ts';
import type { FaultSpec } from './faults.ts';
import { isRecord } from './json-guards.ts';
import type { KeyScope } from './keys.ts';
import { parseAnthropicRequest } from './parse-anthropic-request.ts';
import { parseChatRequest } from './parse-chat-request.ts';
import { parseGeminiRequest } from './parse-gemini-request.ts';
import { parseResponsesRequest } from './parse-responses-request.ts';
import type { ReplyContext } from './reply-context.ts';
import { planAnswer } from './reply-plan.ts';
import { FORMAT_SHAPE, ROUTE_MARKER, ROUTE_NAME } from './router.ts';
import type { GenerationFormat } from './router.ts';
import type { ParseResult, SimRequest } from './sim-request.ts';
import type { SimState } from './sim-state.ts';
import { writeAnthropicReply } from './write-anthropic-reply.ts';
import { writeChatReply } from './write-chat-reply.ts';
import { writeGeminiReply } from './write-gemini-reply.ts';
import { writeResponsesReply } from './write-responses-reply.ts';

export interface GenerationTarget {
  format: GenerationFormat;
  /** Native only: from the path. */
  model?: string;
  streaming?: boolean;
}

/**
 * The check order of the upstream: body → model for this key → path marker → delay
 * markers → balance → rate limits and injected failures → the provider's own
 * validation (images, tool linking, signatures) → the `[[call:]]` trigger → the answer.
 */
export async function handleGeneration(
  ex: Exchange,
  state: SimState,
  scope: KeyScope,
  target: GenerationTarget,
): Promise<void> {
  const shape = FORMAT_SHAPE[target.format];
  const parsed = parse(ex, state, target);
  if (!parsed.ok) return ex.fail(shape, parsed.failure);
  const req = parsed.request;
  const model = findModel(scope, req.model);
  if (model === undefined) return ex.fail(shape, modelNotFound(req.model));
  if (!model.accepts.includes(ROUTE_MARKER[target.format])) {
    const supported = model.endpointTypes ?? model.accepts;
    return ex.fail(shape, endpointNotSupported(model.id, ROUTE_NAME[target.format], supported));
  }
  const faults = parseFaults(
    [req.markerText, state.faults, state.modelFaults.get(model.id) ?? '']
      .filter((text) => text !== '')
      .join('\n'),
  );
  const firstByte = faults.slowFirstByteMs ?? state.firstByteDelayMs;
  if (firstByte > 0 && !(await ex.sleep(firstByte))) return;
  if (scope.broke || faults.balance) return ex.fail(shape, insufficientBalance(shape));
  const injected = injectedFailure(ex, state, faults);
  if (injected !== null) return ex.fail(shape, injected);
  if (req.deferred !== null) return ex.fail(shape, req.deferred);
  if (!model.acceptsImages && req.imageCount > 0) return ex.fail(shape, imagesNotSupported());
  if (model.requiresThoughtSignatures && req.badSignature !== null) {
    return ex.fail(shape, signatureFailure(req.badSignature));
  }
  if (model.requiresThoughtSignatures && req.badThinking !== null) {
    return ex.fail(shape, req.badThinking);
  }
  const call = readCallTrigger(req);
  if (!call.ok) return ex.fail(shape, call.failure);
  if (!req.stream && faults.cutAfter !== null) return ex.cut();
  if (!req.stream && faults.errorMidStream) {
    return ex.fail(shape, makeFailure(500, MID_STREAM_ERROR_MESSAGE));
  }
  const ctx: ReplyContext = {
    ex,
    n: ex.entry.id,
    created: Math.floor(Date.now() / 1000),
    req,
    body: isRecord(ex.entry.body) ? ex.entry.body : {},
    answer: planAnswer(req, model, faults, call.trigger),
    plan: {
      chunkDelayMs: faults.slowChunksMs ?? state.chunkDelayMs,
      cutAfter: faults.cutAfter,
      errorMidStream: faults.errorMidStream,
    },
  };
  if (target.format === 'chat') return writeChatReply(ctx);
  if (target.format === 'responses') return writeResponsesReply(ctx, state.responses);
  if (target.format === 'anthropic') return writeAnthropicReply(ctx);
  const framing = !req.stream ? null : ex.entry.query.alt === 'sse' ? 'sse' : 'json-array';
  return writeGeminiReply(ctx, framing);
}

function unparsedBody(rawBody: string): ParseResult {
  const message =
    rawBody.trim() === ''
      ? 'A JSON request body is required.'
      : 'We could not parse the JSON body of your request. Send valid JSON.';
  return { ok: false, failure: badRequest(message, null, 'invalid_json') };
}

function parse(ex: Exchange, state: SimState, target: GenerationTarget): ParseResult {
  const { rawBody, body } = ex.entry;
  if (body === undefined) return unparsedBody(rawBody);
  if (target.format === 'chat') return parseChatRequest(body);
  if (target.format === 'anthropic') return parseAnthropicRequest(body, { countTokens: false });
  if (target.format === 'responses') {
    return parseResponsesRequest(body, (id) => state.responses.calls(id));
  }
  return parseGeminiRequest(body, target.model ?? '', target.streaming === true);
}

/**
 * `POST /v1/messages/count_tokens`: the input tokens a Messages request with this body
 * would report (the same count as every format: input characters / 4). Free, like the
 * real one: no fault markers, no balance check.
 */
export function handleCountTokens(ex: Exchange, scope: KeyScope): void {
  const { rawBody, body } = ex.entry;
  const parsed =
    body === undefined ? unparsedBody(rawBody) : parseAnthropicRequest(body, { countTokens: true });
  if (!parsed.ok) return ex.fail('anthropic', parsed.failure);
  const req = parsed.request;
  const model = findModel(scope, req.model);
  if (model === undefined) return ex.fail('anthropic', modelNotFound(req.model));
  if (!model.accepts.includes('anthropic')) {
    const supported = model.endpointTypes ?? model.accepts;
    return ex.fail('anthropic', endpointNotSupported(model.id, ROUTE_NAME.anthropic, supported));
  }
  if (req.deferred !== null) return ex.fail('anthropic', req.deferred);
  ex.sendJson(200, { input_tokens: Math.max(1, Math.ceil(req.inputChars / 4)) });
}

/** `fail-first` counts attempts per (key, path, exact body), so retries of one body add up. */
function injectedFailure(ex: Exchange, state: SimState, faults: FaultSpec): SimFailure | null {
  const failFirst = faults.failFirst;
  if (failFirst !== null) {
    const { key, path, rawBody } = ex.entry;
    const attempt = state.attempts.next(`${key}\n${path}\n${rawBody}`);
    if (attempt <= failFirst.count) {
      return simulatedStatus(failFirst.status, failFirst.status === 429 ? 0 : undefined);
    }
  }
  if (faults.status !== null) return simulatedStatus(faults.status, faults.retryAfter ?? undefined);
  return null;
}

function signatureFailure(bad: NonNullable<SimRequest['badSignature']>): SimFailure {
  const message = bad.missing
    ? `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${bad.name}\` , position ${bad.position + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`
    : `Corrupted thought signature in functionCall part \`${bad.name}\` at position ${bad.position + 1}.`;
  return badRequest(message, 'contents');
}
