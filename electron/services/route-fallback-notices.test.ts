import { describe, expect, it } from 'vitest';
import type { ModelAttempt } from '../../shared/contract.ts';
import { RouteFallbackNotices } from './route-fallback-notices.ts';

const attempt = (model: string, outcome: string, status: number | null = 429): ModelAttempt => ({
  model,
  status: outcome === 'answered' ? 200 : status,
  outcome,
  message: null,
  latencyMs: 10,
});

const row = (
  requestId: string,
  attempts: ModelAttempt[],
  modelRoute: string | null = 'coding',
) => ({
  requestId,
  model: modelRoute,
  modelRoute,
  servedModel: attempts.at(-1)?.model ?? null,
  modelAttempts: attempts,
});

describe('RouteFallbackNotices', () => {
  it('tells a fallback once per route, failing model and reason in ten minutes', () => {
    const clock = { now: 0 };
    const notices = new RouteFallbackNotices(() => clock.now);
    const limited = [attempt('a', 'rate_limited'), attempt('b', 'answered')];
    expect(notices.take([row('r1', limited), row('r2', limited)])).toEqual([
      {
        requestId: 'r1',
        modelRoute: 'coding',
        asked: 'coding',
        servedModel: 'b',
        attempts: limited,
      },
    ]);
    clock.now = 9 * 60_000;
    expect(notices.take([row('r3', limited)])).toEqual([]);
    // Another reason, another route: each is news.
    const down = [attempt('a', 'upstream_unreachable', null), attempt('b', 'answered')];
    expect(
      notices.take([row('r4', down), row('r5', limited, 'fast')]).map((n) => n.requestId),
    ).toEqual(['r4', 'r5']);
    clock.now = 10 * 60_000;
    expect(notices.take([row('r6', limited)]).map((n) => n.requestId)).toEqual(['r6']);
  });

  it('says nothing of requests a route served with its first model, or that had no route', () => {
    const notices = new RouteFallbackNotices(() => 0);
    expect(notices.take([row('r1', [attempt('a', 'answered')]), row('r2', [], null)])).toEqual([]);
  });
});
