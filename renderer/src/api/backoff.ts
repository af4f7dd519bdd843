export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 15_000 };

/**
 * Delay before reconnect attempt `attempt` (0-based): doubling from `initialMs`, capped at
 * `maxMs`, with jitter in [50%, 100%] so many windows do not reconnect in lockstep.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.5 + random() * 0.5));
}
