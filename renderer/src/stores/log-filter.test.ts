import { describe, expect, expectTypeOf, it } from 'vitest';
import { logFilterSchema } from '../../../shared/contract-schemas.ts';
import type { LogEntry, LogFilter, Params } from '../../../shared/contract.ts';
import { EMPTY_LOG_FORM, fellBack, matchesLogFilter, toLogFilter } from './log-filter.ts';

function entry(id: number, patch: Partial<LogEntry> = {}): LogEntry {
  return {
    id,
    requestId: `req-${id}`,
    startedAt: 1000 + id,
    client: 'editor',
    method: 'POST',
    path: '/v1/chat/completions',
    clientFormat: 'chat',
    upstreamFormat: 'chat',
    route: 'passthrough',
    model: 'gpt-x',
    modelRoute: null,
    servedModel: 'gpt-x',
    modelAttempts: [],
    stream: true,
    status: 200,
    errorKind: null,
    errorMessage: null,
    latencyMs: 100,
    ttfbMs: 20,
    attempts: 1,
    cancelled: false,
    rules: [],
    dropped: [],
    usage: null,
    usageEstimated: false,
    costUsd: null,
    tariff: null,
    capture: null,
    ...patch,
  };
}

describe('toLogFilter', () => {
  it('leaves out empty fields and resolves the time range', () => {
    expect(toLogFilter(EMPTY_LOG_FORM, 5_000_000)).toEqual({});
    expect(
      toLogFilter(
        {
          model: ' m ',
          status: 'error',
          client: 'cli',
          modelRoute: ' coding ',
          text: 'oops',
          range: '1h',
        },
        5_000_000,
      ),
    ).toEqual({
      model: 'm',
      status: 'error',
      client: 'cli',
      modelRoute: 'coding',
      text: 'oops',
      from: 5_000_000 - 3_600_000,
    });
  });

  it('builds the filter the contract types and the main process accepts', () => {
    expectTypeOf(toLogFilter).returns.toEqualTypeOf<LogFilter>();
    expectTypeOf<LogFilter>().toEqualTypeOf<Params<'logs.search'>['filter']>();
    const form = {
      model: 'm',
      status: 'ok',
      client: 'cli',
      modelRoute: 'coding',
      text: 'x',
      range: '7d',
    } as const;
    for (const f of [EMPTY_LOG_FORM, form, { ...form, status: 'fellBack' } as const])
      expect(logFilterSchema.safeParse(toLogFilter(f, Date.now())).success).toBe(true);
  });
});

describe('the route filters', () => {
  const attempt = (model: string, outcome: string) => ({
    model,
    status: outcome === 'answered' ? 200 : 429,
    outcome,
    message: null,
    latencyMs: 10,
  });
  const fell = entry(1, {
    model: 'coding',
    modelRoute: 'coding',
    servedModel: 'sim-chat',
    modelAttempts: [attempt('sim-anthropic', 'rate_limited'), attempt('sim-chat', 'answered')],
  });
  const straight = entry(2, {
    model: 'coding',
    modelRoute: 'coding',
    servedModel: 'sim-anthropic',
    modelAttempts: [attempt('sim-anthropic', 'answered')],
  });

  it('counts a request as fallen back when a route tried more than one model', () => {
    expect(fellBack({ modelAttempts: [] })).toBe(false);
    expect(fellBack({ modelAttempts: [attempt('a', 'upstream_error')] })).toBe(false);
    expect(fellBack(fell)).toBe(true);
    expect(fellBack(straight)).toBe(false);
  });

  it('asks for requests that fell back rather than for a status', () => {
    expect(toLogFilter({ ...EMPTY_LOG_FORM, status: 'fellBack' }, 0)).toEqual({ fellBack: true });
  });

  it('matches live rows by route and by whether the route moved on', () => {
    expect(matchesLogFilter(fell, { modelRoute: 'coding', fellBack: true })).toBe(true);
    expect(matchesLogFilter(straight, { modelRoute: 'coding' })).toBe(true);
    expect(matchesLogFilter(straight, { fellBack: true })).toBe(false);
    expect(matchesLogFilter(entry(3), { modelRoute: 'coding' })).toBe(false);
    expect(matchesLogFilter(fell, { text: 'sim-chat' })).toBe(true);
  });
});

describe('matchesLogFilter', () => {
  it('tells ok from error by status and error kind', () => {
    expect(matchesLogFilter(entry(1), { status: 'ok' })).toBe(true);
    expect(matchesLogFilter(entry(1, { status: 429 }), { status: 'ok' })).toBe(false);
    expect(matchesLogFilter(entry(1, { status: 429 }), { status: 'error' })).toBe(true);
    expect(matchesLogFilter(entry(1, { errorKind: 'stream_error' }), { status: 'error' })).toBe(
      true,
    );
    expect(matchesLogFilter(entry(1, { status: 404 }), { status: 404 })).toBe(true);
  });

  it('matches model and client exactly and text anywhere', () => {
    expect(matchesLogFilter(entry(1), { model: 'gpt-x', client: 'editor' })).toBe(true);
    expect(matchesLogFilter(entry(1), { model: 'gpt' })).toBe(false);
    expect(
      matchesLogFilter(entry(1, { errorMessage: 'Insufficient balance' }), { text: 'BALANCE' }),
    ).toBe(true);
    expect(matchesLogFilter(entry(1), { text: 'nowhere' })).toBe(false);
  });

  it('respects the time window', () => {
    expect(matchesLogFilter(entry(1), { from: 2000 })).toBe(false);
    expect(matchesLogFilter(entry(1), { to: 1001 })).toBe(false);
  });
});
