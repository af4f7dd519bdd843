import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FormatCodec, RequestEnvelope } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { chooseRoute } from '../catalog/route-choice.ts';
import { CODECS } from '../formats/codecs.ts';
import { fallbackReason } from '../policy/fallback-rules.ts';
import { ROUTE_DEFAULTS, type ModelRoute } from '../policy/model-route.ts';
import { findModel } from './catalog-lookup.ts';
import { clip } from './clip.ts';
import type { GenerationDeps } from './handle-generation.ts';
import { FALLBACK_HEADER, MODEL_HEADER } from './model-headers.ts';
import { passthroughFlow } from './passthrough-flow.ts';
import type { RequestContext } from './request-context.ts';
import type { ModelAttempt } from './request-record.ts';
import type { RequestPlan } from './request-plan.ts';
import { translationFlow } from './translation-flow.ts';
import { UpstreamAttempt } from './upstream-attempt.ts';

/**
 * Header values are Latin-1 without control characters (model ids almost always are ASCII), and
 * short: a client's model name can be anything up to the body's size.
 */
const headerSafe = (text: string): string => clip(text).replace(/[^\x20-\x7e]/g, '?');

const fallbackHeader = (attempts: readonly ModelAttempt[]): string =>
  headerSafe(
    attempts
      .map((a) => `${a.model} (${a.status === null ? '' : `${a.status} `}${a.outcome})`)
      .join(', '),
  );

/** A stream waits this long for a route's model to start; the last model waits as long as it takes. */
const firstByteLimit = (route: ModelRoute, stream: boolean): number | null =>
  stream ? (route.firstByteTimeoutMs ?? ROUTE_DEFAULTS.firstByteTimeoutMs) : null;

/** Failures the gateway names itself, where the model sent no answer at all. */
const NO_ANSWER = new Set([
  'upstream_unreachable',
  'upstream_timeout',
  'first_byte_timeout',
  'upstream_disconnected',
]);

const answeredStatus = (failure: unknown): number | null =>
  failure instanceof GatewayError && !NO_ANSWER.has(failure.code ?? '') ? failure.status : null;

function notGenerating(id: string, markers: readonly string[]): GatewayError {
  return new GatewayError(
    404,
    `Model '${id}' is not a generation model (its endpoints: ${markers.join(', ') || 'none'}).`,
    { code: 'unsupported_endpoint', param: 'model' },
  );
}

/**
 * Asks the plan's models in order. A route moves on to its next model only while no byte of the
 * answer has reached the client and only for failures another model can fix; each model is called
 * in its own format (translated where the client's differs) with the same request. The answer
 * names the model that gave it, and the models left behind.
 */
export async function tryModels(
  deps: GenerationDeps,
  ctx: RequestContext,
  codec: FormatCodec,
  envelope: RequestEnvelope,
  raw: Buffer,
  plan: RequestPlan,
  res: ServerResponse,
): Promise<void> {
  const { route, models } = plan;
  const record = ctx.record;
  // What an attempt adds to the record's lists is its own: a next model starts from here.
  const rulesBefore = record.rules.length;
  const droppedBefore = record.dropped.length;
  const retry =
    route === null
      ? deps.retry
      : { ...deps.retry, maxRetryAfterMs: route.maxRetryAfterMs ?? ROUTE_DEFAULTS.maxRetryAfterMs };
  for (const [index, id] of models.entries()) {
    const canFallBack = route !== null && index < models.length - 1;
    const attempt = new UpstreamAttempt(
      ctx,
      canFallBack && route ? firstByteLimit(route, envelope.stream) : null,
    );
    const started = performance.now();
    record.rules.length = rulesBefore;
    record.dropped.length = droppedBefore;
    res.setHeader(MODEL_HEADER, headerSafe(clip(id)));
    try {
      const model = await findModel(deps, ctx, id);
      const choice = chooseRoute(model, codec.format);
      if (!choice) throw notGenerating(model.id, model.markers);
      record.servedModel = model.id;
      const call = { model, attempt, retry, canFallBack };
      if (choice.kind === 'passthrough')
        await passthroughFlow(deps, ctx, codec, envelope, raw, call, res);
      else
        await translationFlow(
          deps,
          ctx,
          CODECS[choice.from],
          CODECS[choice.to],
          envelope,
          raw.length,
          call,
          res,
        );
      if (attempt.timedOut && !res.headersSent) throw attempt.timeoutError();
      if (route)
        record.modelAttempts.push({
          model: id,
          status: res.headersSent ? res.statusCode : null,
          // A model's own error that no other model could fix went to the client as is, and a
          // stream that broke after its first byte stays broken.
          outcome: record.errorKind ?? (res.statusCode >= 400 ? 'error' : 'answered'),
          message: record.errorMessage,
          latencyMs: performance.now() - started,
        });
      return;
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const failure = attempt.timedOut ? attempt.timeoutError() : error;
      const reason = failure instanceof GatewayError ? fallbackReason(failure) : null;
      if (route) {
        record.servedModel = id;
        record.modelAttempts.push({
          model: id,
          status: answeredStatus(failure),
          outcome:
            reason ?? (failure instanceof GatewayError ? (failure.code ?? 'error') : 'error'),
          message: failure instanceof Error ? failure.message.slice(0, 500) : String(failure),
          latencyMs: performance.now() - started,
        });
      }
      if (!canFallBack || reason === null || res.headersSent) throw failure;
      res.setHeader(FALLBACK_HEADER, fallbackHeader(record.modelAttempts));
    } finally {
      attempt.dispose();
    }
  }
}
