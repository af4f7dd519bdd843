import { describe, expect, it } from 'vitest';
import { ERROR_CONDITION, FELL_BACK_CONDITION } from './log-filter.ts';
import { planLogSearch } from './log-search-plan.ts';

describe('planLogSearch', () => {
  it('walks the time index when no filter has an index of its own', () => {
    expect(planLogSearch({})).toMatchObject({ index: 'request_log_started_at', residual: [] });
    expect(planLogSearch({ from: 1, to: 2, text: 'x' })).toMatchObject({
      index: 'request_log_started_at',
      indexed: ['started_at >= @from', 'started_at < @to'],
      residual: [expect.stringContaining('LIKE @text')],
    });
    expect(planLogSearch({ status: 'ok' }).residual).toEqual([`NOT ${ERROR_CONDITION}`]);
  });

  it('walks the index of the likely rarest filter and checks the others on its rows', () => {
    expect(planLogSearch({ model: 'm', status: 'error' })).toMatchObject({
      index: 'request_log_errors',
      indexed: [ERROR_CONDITION],
      residual: ['model = @model'],
    });
    expect(planLogSearch({ model: 'm', status: 429 }).index).toBe('request_log_status_time');
    expect(planLogSearch({ model: 'm', status: 200 }).index).toBe('request_log_model_time');
    expect(planLogSearch({ model: 'm', client: 'c' }).index).toBe('request_log_model_time');
    expect(planLogSearch({ client: 'c', status: 200 }).index).toBe('request_log_client_time');
    expect(planLogSearch({ status: 200 }).index).toBe('request_log_status_time');
  });

  it('answers a route and its fallbacks from one index', () => {
    expect(planLogSearch({ modelRoute: 'coding', fellBack: true })).toMatchObject({
      index: 'request_log_route_fell_back',
      indexed: ['model_route = @modelRoute', FELL_BACK_CONDITION],
      residual: [],
    });
    expect(planLogSearch({ fellBack: true }).index).toBe('request_log_fell_back');
    expect(planLogSearch({ modelRoute: 'coding' }).index).toBe('request_log_model_route');
  });
});
