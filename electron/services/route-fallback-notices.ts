import type { AppEvents, ModelAttempt } from '../../shared/contract.ts';

export type RouteFallback = AppEvents['route.fallback'];

/** An agent's session makes many requests: one notice per reason in this long is enough. */
const QUIET_MS = 10 * 60_000;

interface RoutedRow {
  requestId: string;
  model: string | null;
  modelRoute: string | null;
  servedModel: string | null;
  modelAttempts: readonly ModelAttempt[];
}

/**
 * Says when a route moved on from a failing model: once per route, first failing model and why
 * in ten minutes, so a rate-limited model under a busy agent does not flood the UI.
 */
export class RouteFallbackNotices {
  private readonly now: () => number;
  /** When each (route, model, outcome) was last told, to stay quiet about it for a while. */
  private readonly lastSent = new Map<string, number>();

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** The notices the newly written rows call for. */
  take(rows: readonly RoutedRow[]): RouteFallback[] {
    const now = this.now();
    for (const [key, at] of this.lastSent) if (now - at >= QUIET_MS) this.lastSent.delete(key);
    const notices: RouteFallback[] = [];
    for (const row of rows) {
      const first = row.modelAttempts[0];
      if (row.modelAttempts.length < 2 || !first) continue;
      const key = JSON.stringify([row.modelRoute, first.model, first.outcome]);
      if (this.lastSent.has(key)) continue;
      this.lastSent.set(key, now);
      notices.push({
        requestId: row.requestId,
        modelRoute: row.modelRoute,
        asked: row.model ?? row.modelRoute ?? first.model,
        servedModel: row.servedModel,
        attempts: [...row.modelAttempts],
      });
    }
    return notices;
  }
}
