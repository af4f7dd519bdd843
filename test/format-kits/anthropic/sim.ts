import { unparsedBody } from '../../upstream-sim/errors.ts';
import type { SimFormat, SimRouteContext } from '../../upstream-sim/sim-format.ts';
import { missingAnthropicVersion, renderAnthropicFailure } from './sim-errors.ts';
import { parseAnthropicRequest } from './sim-parse.ts';
import { writeAnthropicReply } from './sim-write.ts';

const PATH = '/v1/messages';

/**
 * `POST /v1/messages/count_tokens`: the input tokens a Messages request with this body
 * would report (the same count as every format: input characters / 4). Free, like the
 * real one: no fault markers, no balance check.
 */
function countTokens({ ex, format, refuseModel }: SimRouteContext): void {
  const { rawBody, body } = ex.entry;
  const parsed =
    body === undefined
      ? { ok: false as const, failure: unparsedBody(rawBody) }
      : parseAnthropicRequest(body, { countTokens: true });
  if (!parsed.ok) return ex.fail(format, parsed.failure);
  const req = parsed.request;
  const refusal = refuseModel(req.model);
  if (refusal !== null) return ex.fail(format, refusal);
  if (req.deferred !== null) return ex.fail(format, req.deferred);
  ex.sendJson(200, { input_tokens: Math.max(1, Math.ceil(req.inputChars / 4)) });
}

/**
 * Anthropic Messages as the simulator serves it: `POST /v1/messages` and its `count_tokens`,
 * the key as Bearer or `x-api-key`, `anthropic-version` required, Anthropic's errors on every
 * `/v1/messages` path.
 */
export const anthropicSim: SimFormat = {
  format: 'anthropic',
  nativeModel: { id: 'sim-anthropic', thinkingTokens: 9, requiresThoughtSignatures: true },
  routeName: 'messages (anthropic)',
  ownsPath: (path) => path === PATH || path.startsWith(`${PATH}/`),
  matchPath: (path) => (path === PATH ? {} : undefined),
  otherRoutes: { [`${PATH}/count_tokens`]: countTokens },
  keyHeader: 'x-api-key',
  checkHeaders: missingAnthropicVersion,
  balanceStatus: 403,
  renderError: renderAnthropicFailure,
  parse: (body) => parseAnthropicRequest(body, { countTokens: false }),
  write: (ctx) => writeAnthropicReply(ctx),
};
