import { describe, expect, it } from 'vitest';
import { canonicalToOllamaThink, ollamaThinkToCanonical } from './map-ollama-think.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

describe('ollamaThinkToCanonical', () => {
  it('reads true as medium and a level as that effort, both wanting the thinking back', () => {
    expect(ollamaThinkToCanonical(true, testContext())).toEqual({
      effort: 'medium',
      includeThoughts: true,
    });
    for (const level of ['low', 'medium', 'high', 'max'] as const)
      expect(ollamaThinkToCanonical(level, testContext())).toEqual({
        effort: level,
        includeThoughts: true,
      });
  });

  it('reads false as hiding the thinking, under a rule, without asking the model to stop', () => {
    const ctx = testContext();
    expect(ollamaThinkToCanonical(false, ctx)).toEqual({ includeThoughts: false });
    expect(ctx.rules).toEqual(['ollama.think_false_hides_thoughts']);
  });

  it('reads nothing from no think, and refuses other values', () => {
    expect(ollamaThinkToCanonical(undefined, testContext())).toBeUndefined();
    expect(errorOf(() => ollamaThinkToCanonical('extreme', testContext())).param).toBe('think');
    expect(errorOf(() => ollamaThinkToCanonical(1, testContext())).param).toBe('think');
  });
});

describe('canonicalToOllamaThink', () => {
  it('maps efforts to Ollama’s levels', () => {
    const ctx = testContext();
    expect(canonicalToOllamaThink({ effort: 'none' }, ctx)).toBe(false);
    expect(canonicalToOllamaThink({ effort: 'low' }, ctx)).toBe('low');
    expect(canonicalToOllamaThink({ effort: 'medium' }, ctx)).toBe('medium');
    expect(canonicalToOllamaThink({ effort: 'high' }, ctx)).toBe('high');
    expect(ctx.rules).toEqual([]);
    expect(canonicalToOllamaThink({ effort: 'minimal' }, ctx)).toBe('low');
    expect(canonicalToOllamaThink({ effort: 'max' }, ctx)).toBe('high');
    expect(ctx.rules).toEqual(['ollama.reasoning_effort_to_think']);
  });

  it('maps a budget: 0 off, -1 on, else by size', () => {
    const ctx = testContext();
    expect(canonicalToOllamaThink({ budgetTokens: 0 }, ctx)).toBe(false);
    expect(canonicalToOllamaThink({ budgetTokens: -1 }, ctx)).toBe(true);
    expect(canonicalToOllamaThink({ budgetTokens: 1024 }, ctx)).toBe('low');
    expect(canonicalToOllamaThink({ budgetTokens: 8192 }, ctx)).toBe('medium');
    expect(canonicalToOllamaThink({ budgetTokens: 24576 }, ctx)).toBe('high');
    expect(ctx.rules).toEqual(['ollama.thinking_budget_to_think']);
  });

  it('asks for thinking when only the thoughts are wanted, and cannot say not to send them', () => {
    expect(canonicalToOllamaThink({ includeThoughts: true }, testContext())).toBe(true);
    const ctx = testContext();
    expect(canonicalToOllamaThink({ includeThoughts: false }, ctx)).toBeUndefined();
    expect(ctx.rules).toEqual(['ollama.include_thoughts_dropped']);
    expect(canonicalToOllamaThink(undefined, testContext())).toBeUndefined();
  });
});
