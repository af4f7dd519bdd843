import type { Tariff } from './tariff.ts';

/** 500,000 quota units are $1 and a token costs `model_ratio` units, so ratio 1 = $2 per million. */
const USD_PER_RATIO_TOKEN = 2 / 1_000_000;

export interface MeteredTokens {
  inputTokens: number;
  outputTokens: number;
  /** Part of `inputTokens` the upstream served from cache, billed at `cache_ratio`. */
  cachedInputTokens: number;
}

/** The estimated cost of one request in USD. The upstream's own balance is authoritative. */
export function estimateCost(tokens: MeteredTokens, tariff: Tariff): number {
  if (tariff.kind === 'per-call') return tariff.modelPrice * tariff.groupRatio;
  const cached = Math.min(tokens.cachedInputTokens, tokens.inputTokens);
  const uncached = tokens.inputTokens - cached;
  const unit = tariff.modelRatio * tariff.groupRatio * USD_PER_RATIO_TOKEN;
  return (
    (uncached + cached * tariff.cacheRatio + tokens.outputTokens * tariff.completionRatio) * unit
  );
}
