import { readCallTrigger } from './call-trigger.ts';
import { findModel } from './catalog.ts';
import type { SimModel } from './catalog.ts';
import {
  MID_STREAM_ERROR_MESSAGE,
  endpointNotSupported,
  imagesNotSupported,
  insufficientBalance,
  makeFailure,
  modelNotFound,
  unparsedBody,
  simulatedStatus,
} from './errors.ts';
import type { SimFailure } from './errors.ts';
import type { Exchange } from './exchange.ts';
import { parseFaults } from './faults.ts';
import type { FaultSpec } from './faults.ts';
import { isRecord } from './json-guards.ts';
import type { KeyScope } from './keys.ts';
import type { ReplyContext } from './reply-context.ts';
import { planAnswer } from './reply-plan.ts';
import type { SimFormat, SimPathRequest } from './sim-format.ts';
import type { ParseResult } from './sim-request.ts';
import type { SimState } from './sim-state.ts';
import { FORMAT_MARKER } from '../../shared/wire-formats.ts';

/**
 * The check order of the upstream: body → model for this key → path marker → delay
 * markers → balance → rate limits and injected failures → the provider's own
 * validation (images, tool linking, signatures) → the `[[call:]]` trigger → the answer.
 */
export async function handleGeneration(
  ex: Exchange,
  state: SimState,
  scope: KeyScope,
  format: SimFormat,
  path: SimPathRequest,
): Promise<void> {
  const parsed = parse(ex, state, format, path);
  if (!parsed.ok) return ex.fail(format, parsed.failure);
  const req = parsed.request;
  const model = findModel(state.catalog, scope, req.model);
  if (model === undefined) return ex.fail(format, modelNotFound(req.model));
  const refusal = routeRefusal(format, model);
  if (refusal !== null) return ex.fail(format, refusal);
  const faults = parseFaults(
    [req.markerText, state.faults, state.modelFaults.get(model.id) ?? '']
      .filter((text) => text !== '')
      .join('\n'),
  );
  const firstByte = faults.slowFirstByteMs ?? state.firstByteDelayMs;
  if (firstByte > 0 && !(await ex.sleep(firstByte))) return;
  if (scope.broke || faults.balance) {
    return ex.fail(format, insufficientBalance(format.balanceStatus));
  }
  const injected = injectedFailure(ex, state, faults);
  if (injected !== null) return ex.fail(format, injected);
  if (req.deferred !== null) return ex.fail(format, req.deferred);
  if (!model.acceptsImages && req.imageCount > 0) return ex.fail(format, imagesNotSupported());
  if (model.requiresThoughtSignatures && req.badReasoningState !== null) {
    return ex.fail(format, req.badReasoningState);
  }
  const call = readCallTrigger(req);
  if (!call.ok) return ex.fail(format, call.failure);
  if (!req.stream && faults.cutAfter !== null) return ex.cut();
  if (!req.stream && faults.errorMidStream) {
    return ex.fail(format, makeFailure(500, MID_STREAM_ERROR_MESSAGE));
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
  return format.write(ctx, state);
}

/** The 404 of a model not marked for this format's routes, else null (generation or not). */
export function routeRefusal(format: SimFormat, model: SimModel): SimFailure | null {
  if (model.accepts.includes(FORMAT_MARKER[format.format])) return null;
  const supported = model.endpointTypes ?? model.accepts;
  return endpointNotSupported(model.id, format.routeName, supported);
}

function parse(
  ex: Exchange,
  state: SimState,
  format: SimFormat,
  path: SimPathRequest,
): ParseResult {
  const { rawBody, body } = ex.entry;
  if (body === undefined) return { ok: false, failure: unparsedBody(rawBody) };
  return format.parse(body, path, state);
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
