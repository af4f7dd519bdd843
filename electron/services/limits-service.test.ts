import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { budgetWindow } from '../gateway/policy/limit-windows.ts';
import { InvalidInputError } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { LimitsService } from './limits-service.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { errorText } from '../../shared/error-text.ts';

describe('LimitsService', () => {
  let temp: TempStore;
  let limits: LimitsService;
  beforeEach(() => {
    temp = openTempStore();
    limits = new LimitsService(temp.store, () => temp.clock.now);
  });
  afterEach(() => temp.dispose());

  it('answers all null for a token without limits, and refuses an unknown token', () => {
    const { info } = temp.store.tokens.create('editor');
    expect(limits.get(info.id)).toEqual(NO_LIMITS);
    expect(() => limits.get('tok_nope')).toThrow(
      new AppError('not_found', "No token with id 'tok_nope'.", {
        i18n: errorText('settings.errors.tokens.notFound', { id: 'tok_nope' }),
      }),
    );
  });

  it('sets limits and reads them back; the store refuses a then-route that is no route', () => {
    const { info } = temp.store.tokens.create('editor');
    const set = { ...NO_LIMITS, dailyUsd: 5, rpm: 60, models: ['sim-chat'] };
    expect(limits.set(info.id, set)).toEqual(set);
    expect(limits.get(info.id)).toEqual(set);
    expect(() => limits.set(info.id, { ...set, thenRoute: 'nowhere' })).toThrow(InvalidInputError);
    expect(limits.get(info.id)).toEqual(set);
  });

  it('reports each budget of each active token in its period, with what is spent', () => {
    const editor = temp.store.tokens.create('editor').info;
    const agent = temp.store.tokens.create('agent').info;
    const revoked = temp.store.tokens.create('old').info;
    temp.store.modelRoutes.save({ name: 'cheap', models: ['sim-chat'] });
    limits.set(editor.id, { ...NO_LIMITS, dailyUsd: 5, monthlyUsd: 50, thenRoute: 'cheap' });
    limits.set(agent.id, { ...NO_LIMITS, rpm: 10 });
    limits.set(revoked.id, { ...NO_LIMITS, dailyUsd: 1 });
    temp.store.tokens.revoke(revoked.id);

    const now = temp.clock.now;
    const day = budgetWindow('day', now);
    const month = budgetWindow('month', now);
    // Queued, not yet written: the status flushes it first.
    temp.store.logWriter.enqueue(
      sampleRecord({ clientTokenId: editor.id, startedAt: now - 1000, costUsd: 1.25 }),
    );
    temp.store.logWriter.enqueue(
      sampleRecord({ clientTokenId: editor.id, startedAt: day.start - 1000, costUsd: 2 }),
    );

    const status = limits.status();
    expect(status).toEqual([
      {
        tokenId: editor.id,
        tokenName: 'editor',
        period: 'day',
        limitUsd: 5,
        spentUsd: 1.25,
        reservedUsd: 0,
        startsAt: day.start,
        resetsAt: day.end,
        thenRoute: 'cheap',
      },
      {
        tokenId: editor.id,
        tokenName: 'editor',
        period: 'month',
        limitUsd: 50,
        spentUsd: month.start <= day.start - 1000 ? 3.25 : 1.25,
        reservedUsd: 0,
        startsAt: month.start,
        resetsAt: month.end,
        thenRoute: 'cheap',
      },
    ]);
  });
});
