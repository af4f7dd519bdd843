import { GatewayError } from '../canonical/gateway-error.ts';
import type { RequestContext } from './request-context.ts';

/**
 * One model's try at answering a request. Its signal aborts with the client's, and also when
 * the upstream's first byte takes longer than the limit (a route moves on then); `timedOut`
 * tells the two apart.
 */
export class UpstreamAttempt {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly limitMs: number | null;
  private timer: NodeJS.Timeout | undefined;
  private expired = false;

  constructor(ctx: RequestContext, firstByteLimitMs: number | null) {
    this.limitMs = firstByteLimitMs;
    this.signal =
      firstByteLimitMs === null
        ? ctx.signal
        : AbortSignal.any([ctx.signal, this.controller.signal]);
    if (firstByteLimitMs !== null) {
      this.timer = setTimeout(() => {
        this.expired = true;
        this.controller.abort(this.timeoutError());
      }, firstByteLimitMs);
      this.timer.unref();
    }
  }

  /** The upstream's first byte came: the limit no longer applies. */
  gotFirstByte(): void {
    clearTimeout(this.timer);
  }

  get timedOut(): boolean {
    return this.expired;
  }

  timeoutError(): GatewayError {
    return new GatewayError(
      504,
      `The model sent no first byte within ${((this.limitMs ?? 0) / 1000).toFixed(1)} s.`,
      { code: 'first_byte_timeout' },
    );
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
