import type { UpstreamHealth } from '../../shared/contract.ts';
import type { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { classifyProbe, type HealthVerdict } from './upstream-health-classify.ts';
import { probeUpstream } from './upstream-probe.ts';

export interface UpstreamHealthOptions {
  /** The upstream the gateway uses now, or why it has none (as GatewayController answers). */
  upstream: () => { client: UpstreamClient } | { code: string; message: string };
  /** Called with the new health whenever what it says changes. */
  publish: (health: UpstreamHealth) => void;
  /** Between two checks while a UI watches. Default 8 s. */
  intervalMs?: number;
  /** How long one `watch()` keeps the checks going. Default 60 s. */
  leaseMs?: number;
  /** Longest wait for the model list. Default 5 s. */
  timeoutMs?: number;
  /** A nudge this soon after a check started waits for the rest of it. Default 1 s. */
  minGapMs?: number;
  now?: () => number;
}

const CHECKING: UpstreamHealth = {
  state: 'checking',
  detail: null,
  httpStatus: null,
  retryAfterSeconds: null,
  baseUrl: null,
  checkedAt: null,
};

/** What a UI shows of the health: a change in these is worth an event, a new `checkedAt` not. */
const shown = (h: UpstreamHealth): string =>
  JSON.stringify([h.state, h.detail, h.httpStatus, h.retryAfterSeconds, h.baseUrl]);

/**
 * Tracks whether the active upstream answers, so the UI can say so before a request fails:
 * its model list, checked every few seconds while a UI watches (a UI that closes stops asking,
 * and the checks stop a minute later), at once when asked ("Retry now"), after a failed request
 * and after the profile or key changed. Each check goes through the gateway's own upstream
 * client; what it publishes has the key scrubbed and is never logged.
 */
export class UpstreamHealthMonitor {
  private readonly options: UpstreamHealthOptions;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly minGapMs: number;
  private readonly now: () => number;
  private health: UpstreamHealth = CHECKING;
  private watchedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<UpstreamHealth> | null = null;
  private lastStart = 0;
  /** Bumped when the profile or key changes: a check begun before is not published. */
  private generation = 0;
  /** A change came while a check ran: check again when it ends. */
  private again = false;
  private closed = false;

  constructor(options: UpstreamHealthOptions) {
    this.options = options;
    this.intervalMs = options.intervalMs ?? 8000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.minGapMs = options.minGapMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  current(): UpstreamHealth {
    return this.health;
  }

  /** A UI asks: checks go on for the lease; the first ask starts them. */
  watch(): UpstreamHealth {
    this.watchedUntil = this.now() + this.leaseMs;
    if (!this.timer && !this.running) {
      const stale =
        this.health.checkedAt === null || this.now() - this.health.checkedAt >= this.intervalMs;
      if (stale) void this.check();
      else this.schedule();
    }
    return this.health;
  }

  /** Checks now, or joins the check running; the answer is the health it found. */
  check(): Promise<UpstreamHealth> {
    if (this.closed) return Promise.resolve(this.health);
    this.clearTimer();
    this.running ??= this.run().finally(() => {
      this.running = null;
      this.schedule();
    });
    return this.running;
  }

  /** "Retry now": a check at once, and the UI that asked counts as watching. */
  recheck(): Promise<UpstreamHealth> {
    this.watchedUntil = this.now() + this.leaseMs;
    return this.check();
  }

  /**
   * A request just failed upstream: look now if anyone is watching, or, when the last check
   * began a moment ago, once the gap has passed (a burst of failures makes one check).
   */
  nudge(): void {
    if (this.closed || !this.watched() || this.running) return;
    const wait = this.lastStart + this.minGapMs - this.now();
    if (wait <= 0) void this.check();
    else this.schedule(wait);
  }

  /** The profile or key changed: the last verdict no longer says anything. */
  reset(): void {
    if (this.closed) return;
    this.generation += 1;
    this.set(CHECKING);
    if (this.running) this.again = true;
    else if (this.watched()) void this.check();
  }

  close(): void {
    this.closed = true;
    this.clearTimer();
  }

  private watched(): boolean {
    return this.now() < this.watchedUntil;
  }

  private async run(): Promise<UpstreamHealth> {
    do {
      this.again = false;
      this.lastStart = this.now();
      const generation = this.generation;
      const found = await this.look();
      if (generation === this.generation && !this.closed)
        this.set({ ...found, checkedAt: this.now() });
    } while (this.again && !this.closed);
    return this.health;
  }

  private async look(): Promise<HealthVerdict & { baseUrl: string | null }> {
    const upstream = this.options.upstream();
    if (!('client' in upstream))
      return {
        state: 'not_configured',
        detail: upstream.message,
        httpStatus: null,
        retryAfterSeconds: null,
        baseUrl: null,
      };
    const { client } = upstream;
    const verdict = classifyProbe(await probeUpstream(client, this.timeoutMs), client.baseUrl);
    // The upstream's words were scrubbed as they arrived; the error texts are scrubbed here.
    return {
      ...verdict,
      detail: verdict.detail === null ? null : client.scrub(verdict.detail),
      baseUrl: client.baseUrl,
    };
  }

  private set(next: UpstreamHealth): void {
    const changed = shown(next) !== shown(this.health);
    this.health = next;
    if (changed) this.options.publish(next);
  }

  /** The next check, `delayMs` from now, unless nobody watches any more. */
  private schedule(delayMs = this.intervalMs): void {
    this.clearTimer();
    if (this.closed || !this.watched()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check();
    }, delayMs);
    // A pending check must not keep a CLI or a test process alive.
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
