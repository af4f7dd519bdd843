import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvents } from '../../shared/contract.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { emitPolicyEvents } from './policy-events.ts';

describe('emitPolicyEvents', () => {
  let temp: TempStore;
  let events: { event: keyof AppEvents; payload: unknown }[];
  let stop: () => void;
  beforeEach(() => {
    temp = openTempStore();
    events = [];
    stop = emitPolicyEvents(
      temp.store,
      (event, payload) => events.push({ event, payload }),
      () => temp.clock.now,
    );
  });
  afterEach(() => {
    stop();
    temp.dispose();
  });

  it('tells a route’s fallback and a budget passing 80 % as their rows are written', () => {
    const { info } = temp.store.tokens.create('agent');
    temp.store.tokenLimits.set(info.id, { ...NO_LIMITS, dailyUsd: 1 });
    const attempts = [
      { model: 'a', status: 429, outcome: 'rate_limited', message: 'slow down', latencyMs: 3 },
      { model: 'b', status: 200, outcome: 'answered', message: null, latencyMs: 40 },
    ];
    const routed = (costUsd: number) =>
      sampleRecord({
        clientTokenId: info.id,
        startedAt: temp.clock.now,
        model: 'coding',
        modelRoute: 'coding',
        servedModel: 'b',
        modelAttempts: attempts,
        costUsd,
      });
    const first = routed(0.5);
    temp.store.logWriter.enqueue(first);
    temp.store.logWriter.flush();
    expect(events).toEqual([
      {
        event: 'route.fallback',
        payload: {
          requestId: first.requestId,
          modelRoute: 'coding',
          asked: 'coding',
          servedModel: 'b',
          attempts,
        },
      },
    ]);

    events.length = 0;
    temp.store.logWriter.enqueue(routed(0.35));
    temp.store.logWriter.flush();
    expect(events).toEqual([
      {
        event: 'budget.alert',
        payload: expect.objectContaining({
          tokenId: info.id,
          tokenName: 'agent',
          period: 'day',
          limitUsd: 1,
          spentUsd: 0.85,
          level: 'warning',
        }) as unknown,
      },
    ]);

    events.length = 0;
    temp.store.logWriter.enqueue(routed(0.2));
    temp.store.logWriter.flush();
    expect(events.map((e) => [e.event, (e.payload as { level?: string }).level])).toEqual([
      ['budget.alert', 'spent'],
    ]);
  });

  it('stops when unsubscribed', () => {
    stop();
    temp.store.logWriter.enqueue(
      sampleRecord({
        modelRoute: 'coding',
        modelAttempts: [
          {
            model: 'a',
            status: null,
            outcome: 'upstream_unreachable',
            message: null,
            latencyMs: 1,
          },
          { model: 'b', status: 200, outcome: 'answered', message: null, latencyMs: 1 },
        ],
      }),
    );
    temp.store.logWriter.flush();
    expect(events).toEqual([]);
  });
});
