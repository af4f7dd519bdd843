import { estimateCost } from '../metering/estimate-cost.ts';
import type { Tariff } from '../metering/tariff.ts';
import type { Charge } from './limits.ts';

/**
 * The output reserved for a request that sets no cap of its own: the usual cap of coding agents'
 * requests; a request that writes more is settled with what it wrote once its row is written.
 */
export const DEFAULT_RESERVED_OUTPUT_TOKENS = 8_192;

/** As the metering's estimate: about 4 characters a token (a body's JSON and images count too). */
const BYTES_PER_TOKEN = 4;

/**
 * The most a request may cost: its input estimated from the body's size, its output at its cap,
 * priced with the dearest tariff among the models it may be answered by. A model without a tariff
 * costs nothing in the estimates, so it adds nothing.
 */
export function worstCharge(
  requestBytes: number,
  maxOutputTokens: number | undefined,
  tariffs: readonly (Tariff | null)[],
): Charge {
  const inputTokens = Math.ceil(requestBytes / BYTES_PER_TOKEN);
  const outputTokens = maxOutputTokens ?? DEFAULT_RESERVED_OUTPUT_TOKENS;
  let usd = 0;
  for (const tariff of tariffs) {
    if (tariff)
      usd = Math.max(
        usd,
        estimateCost({ inputTokens, outputTokens, cachedInputTokens: 0 }, tariff),
      );
  }
  return { usd, tokens: inputTokens + outputTokens };
}
