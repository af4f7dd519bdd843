import { GatewayError } from '../canonical/gateway-error.ts';
import type { LimitRefusal } from './limits.ts';

const PERIOD_WORD = { day: 'daily', week: 'weekly', month: 'monthly' } as const;
const FLAG = { day: '--daily-usd', week: '--weekly-usd', month: '--monthly-usd' } as const;

const dollars = (usd: number): string => `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;

const pad = (n: number): string => String(n).padStart(2, '0');

/** Local date and time, as a person reading an agent's screen reads a clock. */
const localTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The answer to a request a token's limit refuses. A spent budget is "out of credit", which each
 * format says the way its own service does, so that agents stop rather than retry for minutes; a
 * per-minute limit is a rate limit with its Retry-After.
 */
export function limitRefusalError(
  refusal: LimitRefusal,
  tokenName: string | null,
  now: number,
): GatewayError {
  const who = `Local token '${tokenName ?? 'unknown'}'`;
  if (refusal.kind === 'budget') {
    const held =
      refusal.reservedUsd > 0
        ? `, and ${dollars(refusal.reservedUsd)} is held by its requests still running`
        : '';
    return new GatewayError(
      429,
      `${who} has used its ${PERIOD_WORD[refusal.period]} budget of the local Model Gateway: ` +
        `${dollars(refusal.spentUsd)} spent of ${dollars(refusal.limitUsd)} (estimated)${held}. ` +
        `It resets at ${localTime(refusal.resetsAt)} (in ${inWords(refusal.resetsAt - now)}). ` +
        `To go on before then, raise it in the Model Gateway app (Settings → Local tokens → ` +
        `Limits) or with \`model-gateway token limit ${tokenName ?? 'NAME'} ${FLAG[refusal.period]} N\`.`,
      {
        code: 'insufficient_quota',
        outOfCredit: true,
        // When it resets: native clients read it as RetryInfo, and Gemini CLI stops rather than
        // retry when that is far off. The Stainless SDKs (openai, @anthropic-ai/sdk) would retry a
        // 429 whatever its body; this header tells them not to.
        retryAfterSeconds: Math.max(1, Math.ceil((refusal.resetsAt - now) / 1000)),
        headers: { 'x-should-retry': 'false' },
      },
    );
  }
  const seconds = Math.max(1, Math.ceil((refusal.resetsAt - now) / 1000));
  const what = refusal.limit === 'rpm' ? 'requests' : 'tokens';
  return new GatewayError(
    429,
    `${who} has reached its limit of ${refusal.max} ${what} per minute in the local Model ` +
      `Gateway (${Math.round(refusal.used)} this minute); try again in ${seconds} s.`,
    { code: 'rate_limit_exceeded', retryAfterSeconds: seconds },
  );
}

/** A token asked for a model or route its allow list does not hold. */
export function modelNotAllowedError(
  tokenName: string | null,
  asked: string,
  allowed: readonly string[],
): GatewayError {
  const list = allowed.length > 0 ? allowed.join(', ') : 'none';
  return new GatewayError(
    403,
    `Local token '${tokenName ?? 'unknown'}' may not use '${asked}' in the local Model Gateway; ` +
      `it may use: ${list}. Change its allowed models in the app (Settings → Local tokens → Limits).`,
    { code: 'model_not_allowed', param: 'model' },
  );
}
