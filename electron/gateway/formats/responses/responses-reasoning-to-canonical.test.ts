import { describe, expect, it } from 'vitest';
import { responsesReasoningToCanonical } from './responses-reasoning-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

describe('responses reasoning → canonical', () => {
  it('carries the effort and turns any summary into includeThoughts', () => {
    expect(
      responsesReasoningToCanonical({ effort: 'low', summary: 'auto' }, testContext()),
    ).toEqual({
      effort: 'low',
      includeThoughts: true,
    });
    expect(responsesReasoningToCanonical({ generate_summary: 'detailed' }, testContext())).toEqual({
      includeThoughts: true,
    });
    expect(
      responsesReasoningToCanonical({ effort: null, summary: null }, testContext()),
    ).toBeUndefined();
  });

  it('drops the context hint under a rule, accepts the standard mode and refuses others', () => {
    const ctx = testContext();
    expect(
      responsesReasoningToCanonical(
        { effort: 'high', context: 'all_turns', mode: 'standard' },
        ctx,
      ),
    ).toEqual({
      effort: 'high',
    });
    expect(ctx.rules).toEqual(['responses.reasoning_context_dropped']);
    expect(
      gatewayErrorOf(() => responsesReasoningToCanonical({ mode: 'pro' }, testContext())).param,
    ).toBe('reasoning.mode');
  });

  it('refuses unknown efforts and summaries', () => {
    expect(
      gatewayErrorOf(() => responsesReasoningToCanonical({ effort: 'extreme' }, testContext()))
        .param,
    ).toBe('reasoning.effort');
    expect(
      gatewayErrorOf(() => responsesReasoningToCanonical({ summary: 'long' }, testContext())).param,
    ).toBe('reasoning.summary');
  });
});
