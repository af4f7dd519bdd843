import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { anthropicReasoningToCanonical } from './anthropic-thinking-to-canonical.ts';

const schema = { type: 'object', properties: { name: { type: 'string' } } };

describe('anthropicReasoningToCanonical', () => {
  it('reads enabled thinking as a budget with thought text asked for', () => {
    expect(
      anthropicReasoningToCanonical(
        { thinking: { type: 'enabled', budget_tokens: 2048 } },
        testContext(),
      ),
    ).toEqual({ reasoning: { budgetTokens: 2048, includeThoughts: true } });
  });

  it('reads display: omitted as no thought text', () => {
    expect(
      anthropicReasoningToCanonical(
        { thinking: { type: 'enabled', budget_tokens: 1024, display: 'omitted' } },
        testContext(),
      ).reasoning,
    ).toEqual({ budgetTokens: 1024, includeThoughts: false });
  });

  it('reads adaptive thinking with output_config.effort as that effort', () => {
    expect(
      anthropicReasoningToCanonical(
        { thinking: { type: 'adaptive' }, output_config: { effort: 'high' } },
        testContext(),
      ).reasoning,
    ).toEqual({ effort: 'high', includeThoughts: true });
  });

  it('reads adaptive thinking without an effort as a dynamic budget, under a rule', () => {
    const ctx = testContext();
    expect(
      anthropicReasoningToCanonical({ thinking: { type: 'adaptive' } }, ctx).reasoning,
    ).toEqual({ budgetTokens: -1, includeThoughts: true });
    expect(ctx.rules).toEqual(['anthropic.adaptive_thinking_as_dynamic']);
  });

  it('reads disabled thinking as effort none, and an effort alone as that effort', () => {
    expect(
      anthropicReasoningToCanonical({ thinking: { type: 'disabled' } }, testContext()).reasoning,
    ).toEqual({ effort: 'none' });
    expect(
      anthropicReasoningToCanonical({ output_config: { effort: 'max' } }, testContext()).reasoning,
    ).toEqual({ effort: 'max' });
    expect(anthropicReasoningToCanonical({}, testContext())).toEqual({});
  });

  it('reads structured output from output_config.format or the beta output_format', () => {
    expect(
      anthropicReasoningToCanonical(
        { output_config: { format: { type: 'json_schema', schema } } },
        testContext(),
      ).responseFormat,
    ).toEqual({ type: 'json-schema', schema });
    expect(
      anthropicReasoningToCanonical(
        { output_format: { type: 'json_schema', schema } },
        testContext(),
      ).responseFormat,
    ).toEqual({ type: 'json-schema', schema });
  });

  it('drops task_budget and refuses bad values, naming them', () => {
    const ctx = testContext();
    anthropicReasoningToCanonical({ output_config: { task_budget: { total: 1 } } }, ctx);
    expect(ctx.dropped).toEqual(['output_config.task_budget']);
    const bad = (body: Record<string, unknown>) =>
      errorOf(() => anthropicReasoningToCanonical(body, testContext())).param;
    expect(bad({ thinking: { type: 'enabled' } })).toBe('thinking.budget_tokens');
    expect(bad({ thinking: { type: 'sometimes' } })).toBe('thinking.type');
    expect(bad({ output_config: { effort: 'extreme' } })).toBe('output_config.effort');
    expect(bad({ output_config: { format: { type: 'json_schema' } } })).toBe(
      'output_config.format.schema',
    );
    expect(
      bad({
        output_format: { type: 'json_schema', schema },
        output_config: { format: { type: 'json_schema', schema } },
      }),
    ).toBe('output_format');
  });
});
