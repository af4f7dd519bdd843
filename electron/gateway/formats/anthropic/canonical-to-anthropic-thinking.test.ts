import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { canonicalToAnthropicThinking } from './canonical-to-anthropic-thinking.ts';

const request = (extra: Partial<CanonicalRequest>): CanonicalRequest => ({
  model: 'claude',
  messages: [],
  sampling: {},
  stream: false,
  ...extra,
});

describe('canonicalToAnthropicThinking', () => {
  it('maps an effort to an enabled budget by the table, under a rule', () => {
    const ctx = testContext();
    expect(
      canonicalToAnthropicThinking(request({ reasoning: { effort: 'high' } }), 32000, ctx),
    ).toEqual({
      type: 'enabled',
      budget_tokens: 16384,
    });
    expect(ctx.rules).toEqual(['anthropic.reasoning_effort_to_budget']);
  });

  it('keeps a budget, disables for 0 and none, and asks adaptive for -1', () => {
    const think = (reasoning: CanonicalRequest['reasoning']) =>
      canonicalToAnthropicThinking(request({ reasoning }), 32000, testContext());
    expect(think({ budgetTokens: 4096, includeThoughts: true })).toEqual({
      type: 'enabled',
      budget_tokens: 4096,
      display: 'summarized',
    });
    expect(think({ budgetTokens: 0 })).toEqual({ type: 'disabled' });
    expect(think({ effort: 'none' })).toEqual({ type: 'disabled' });
    expect(think({ budgetTokens: -1, includeThoughts: false })).toEqual({
      type: 'adaptive',
      display: 'omitted',
    });
    expect(think({ includeThoughts: true })).toBeUndefined();
    expect(canonicalToAnthropicThinking(request({}), 32000, testContext())).toBeUndefined();
  });

  it('clamps the budget between 1024 and below max_tokens, or leaves thinking off', () => {
    const ctx = testContext();
    const think = (budgetTokens: number, max: number) =>
      canonicalToAnthropicThinking(request({ reasoning: { budgetTokens } }), max, ctx);
    expect(think(512, 32000)).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(think(24576, 4096)).toEqual({ type: 'enabled', budget_tokens: 4095 });
    expect(think(2048, 1000)).toBeUndefined();
    expect(ctx.rules).toEqual(['anthropic.thinking_budget_clamped']);
  });

  it('leaves thinking off when the tool choice forces a call', () => {
    const ctx = testContext();
    expect(
      canonicalToAnthropicThinking(
        request({ reasoning: { effort: 'low' }, toolChoice: { type: 'required' } }),
        32000,
        ctx,
      ),
    ).toBeUndefined();
    expect(ctx.rules).toContain('anthropic.thinking_dropped_for_forced_tool');
  });
});
