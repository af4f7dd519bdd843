import { describe, expect, it } from 'vitest';
import type { ModelAttempt } from '../../../shared/contract.ts';
import { askedAndAnswered, attemptPhrase, fallbackNotice, outcomeWords } from './attempts.ts';

const attempt = (
  model: string,
  status: number | null,
  outcome: string,
  message: string | null = null,
): ModelAttempt => ({ model, status, outcome, message, latencyMs: 12 });

describe('the attempts of a route', () => {
  it('says why a route moved on, in words', () => {
    expect(outcomeWords('rate_limited')).toBe('rate limited');
    expect(outcomeWords('first_byte_timeout')).toBe('first byte too slow');
    expect(outcomeWords('something_new')).toBe('something new');
    expect(attemptPhrase(attempt('a', 429, 'rate_limited'))).toBe('a answered 429 (rate limited)');
    expect(attemptPhrase(attempt('a', null, 'upstream_unreachable'))).toBe(
      'a gave no answer (could not be reached)',
    );
    expect(attemptPhrase(attempt('b', 200, 'answered'))).toBe('b answered');
  });

  it('words the fallback notice as the user reads it', () => {
    expect(
      fallbackNotice({
        requestId: 'req_1',
        modelRoute: 'coding',
        asked: 'coding',
        servedModel: 'sim-chat',
        attempts: [
          attempt('sim-anthropic', 429, 'rate_limited'),
          attempt('sim-chat', 200, 'answered'),
        ],
      }),
    ).toBe(
      "Route 'coding' fell back: sim-anthropic answered 429 (rate limited); sim-chat answered.",
    );
    expect(
      fallbackNotice({
        requestId: 'req_2',
        modelRoute: null,
        asked: 'claude-sonnet-4-5',
        servedModel: 'b',
        attempts: [attempt('a', 503, 'upstream_error'), attempt('b', null, 'first_byte_timeout')],
      }),
    ).toBe(
      "Route 'claude-sonnet-4-5' fell back: a answered 503 (upstream error); b gave no answer (first byte too slow); b answered.",
    );
  });

  it('shows the model asked for and the one that answered when they differ', () => {
    expect(askedAndAnswered({ model: 'coding', servedModel: 'sim-chat' })).toBe(
      'coding → sim-chat',
    );
    expect(askedAndAnswered({ model: 'sim-chat', servedModel: 'sim-chat' })).toBe('sim-chat');
    expect(askedAndAnswered({ model: 'sim-chat', servedModel: null })).toBe('sim-chat');
    expect(askedAndAnswered({ model: null, servedModel: null })).toBe('—');
  });
});
