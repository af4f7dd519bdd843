import type { RequestEnvelope } from '../canonical/format-codec.ts';
import { limitRefusalError, modelNotAllowedError } from '../policy/limit-errors.ts';
import { hasCountedLimits, isRefusal, type TokenLimits } from '../policy/limits.ts';
import type { ModelRoute } from '../policy/model-route.ts';
import { worstCharge } from '../policy/worst-charge.ts';
import { currentCatalog, findModel } from './catalog-lookup.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { RequestContext } from './request-context.ts';

/** Which models a request goes to, in order: a route's, or the one the client named. */
export interface RequestPlan {
  route: ModelRoute | null;
  models: readonly string[];
}

/**
 * What a name stands for: a route of that name, unless the catalog has a model of that name
 * and the route does not shadow it (a route takes a model's name only when told to).
 */
async function resolveName(
  deps: GenerationDeps,
  ctx: RequestContext,
  name: string,
): Promise<RequestPlan> {
  const route = deps.policy?.route(name);
  if (!route) return { route: null, models: [name] };
  if (!route.shadow && (await currentCatalog(deps, ctx)).byId.has(name))
    return { route: null, models: [name] };
  return { route, models: route.models };
}

/**
 * Checks, for a request the gateway answers without generating, that the name is one the token
 * may ask for and that it stands for something: a route, or a catalog model (else the 404).
 */
export async function checkName(
  deps: GenerationDeps,
  ctx: RequestContext,
  name: string,
): Promise<void> {
  const tokenId = ctx.record.clientTokenId;
  const allowed = tokenId === null ? undefined : deps.policy?.limits(tokenId)?.models;
  if (allowed && !allowed.includes(name))
    throw modelNotAllowedError(ctx.record.client, name, allowed);
  const plan = await resolveName(deps, ctx, name);
  if (plan.route === null) await findModel(deps, ctx, name);
}

/**
 * The person's decisions, applied before anything goes upstream: the token's allow list, the
 * route its model name stands for, and the token's budgets and per-minute limits, whose worst
 * case is reserved now and settled when the request's row is written.
 */
export async function planRequest(
  deps: GenerationDeps,
  ctx: RequestContext,
  envelope: RequestEnvelope,
  requestBytes: number,
): Promise<RequestPlan> {
  const policy = deps.policy;
  const tokenId = ctx.record.clientTokenId;
  const limits: TokenLimits | undefined =
    policy && tokenId !== null ? policy.limits(tokenId) : undefined;
  if (limits?.models && !limits.models.includes(envelope.model))
    throw modelNotAllowedError(ctx.record.client, envelope.model, limits.models);
  let plan = await resolveName(deps, ctx, envelope.model);
  if (policy && tokenId !== null && limits && hasCountedLimits(limits)) {
    const now = policy.now();
    const tariffsOf = async (models: readonly string[]) => {
      const { byId } = await currentCatalog(deps, ctx);
      return models.map((id) => byId.get(id)?.tariff ?? null);
    };
    const charge = worstCharge(
      requestBytes,
      envelope.maxOutputTokens,
      await tariffsOf(plan.models),
    );
    let held = policy.ledger.reserve(tokenId, limits, charge, { now, budgets: true });
    const next = limits.thenRoute === null ? undefined : policy.route(limits.thenRoute);
    if (isRefusal(held) && held.kind === 'budget' && next) {
      // The budget is spent and the person chose a route to take over until it resets.
      plan = { route: next, models: next.models };
      ctx.record.rules.push('limits.then_route');
      const cheaper = worstCharge(
        requestBytes,
        envelope.maxOutputTokens,
        await tariffsOf(next.models),
      );
      held = policy.ledger.reserve(tokenId, limits, cheaper, { now, budgets: false });
    }
    if (isRefusal(held)) throw limitRefusalError(held, ctx.record.client, now);
    ctx.record.limitHold = held;
  }
  if (plan.route) ctx.record.modelRoute = plan.route.name;
  return plan;
}
