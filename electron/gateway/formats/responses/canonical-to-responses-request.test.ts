import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { canonicalToResponsesRequest } from './canonical-to-responses-request.ts';
import { testContext } from '../../../../test/doubles/formats/responses-test-support.ts';

const base: CanonicalRequest = {
  model: 'gpt-5',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  sampling: {},
  stream: true,
};

describe('canonical request → upstream responses body', () => {
  it('writes a full request with store:false and the system text as instructions', () => {
    const ctx = testContext();
    const body = canonicalToResponsesRequest(
      {
        ...base,
        system: 'Be brief.',
        tools: [{ name: 'f', parameters: { type: 'object' } }],
        toolChoice: { type: 'tool', name: 'f' },
        parallelToolCalls: false,
        responseFormat: { type: 'json' },
        sampling: { temperature: 0.5, topP: 0.9, maxOutputTokens: 300 },
        reasoning: { effort: 'medium', includeThoughts: true },
      },
      ctx,
    );
    expect(body).toEqual({
      model: 'gpt-5',
      instructions: 'Be brief.',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }],
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: false }],
      tool_choice: { type: 'function', name: 'f' },
      parallel_tool_calls: false,
      text: { format: { type: 'json_object' } },
      temperature: 0.5,
      top_p: 0.9,
      max_output_tokens: 300,
      reasoning: { effort: 'medium', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
      store: false,
      stream: true,
    });
    expect(ctx.rules).toEqual(['responses.encrypted_reasoning_requested']);
  });

  it('writes a bare request without optional fields and without include', () => {
    expect(canonicalToResponsesRequest({ ...base, stream: false }, testContext())).toEqual({
      model: 'gpt-5',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }],
      store: false,
      stream: false,
    });
  });

  it('leaves stop sequences to the gateway, which the API has none of', () => {
    const ctx = testContext();
    const body = canonicalToResponsesRequest({ ...base, sampling: { stop: ['\n\n'] } }, ctx);
    expect(body).not.toHaveProperty('stop');
    expect(ctx.outputLimits).toEqual({ stop: ['\n\n'] });
    expect(ctx.rules).toEqual(['responses.stop_applied_by_gateway']);
  });

  it('drops seed, top_k and penalties under rules; a tiny token cap asks 16 and is cut after', () => {
    const ctx = testContext();
    const body = canonicalToResponsesRequest(
      { ...base, sampling: { seed: 42, topK: 40, presencePenalty: 0.5, maxOutputTokens: 10 } },
      ctx,
    );
    expect(body.max_output_tokens).toBe(16);
    expect(body).not.toHaveProperty('seed');
    expect(ctx.rules).toEqual([
      'responses.seed_dropped',
      'responses.top_k_dropped',
      'responses.penalties_dropped',
      'responses.max_output_tokens_cut_by_gateway',
    ]);
    expect(ctx.outputLimits).toEqual({ maxTextTokens: 10 });
  });

  it.each([
    [0, { effort: 'none' }],
    [512, { effort: 'low' }],
    [4096, { effort: 'medium' }],
    [20000, { effort: 'high' }],
    [-1, undefined],
  ])('turns a thinking budget of %i into %o', (budgetTokens, reasoning) => {
    const ctx = testContext();
    const body = canonicalToResponsesRequest({ ...base, reasoning: { budgetTokens } }, ctx);
    expect(body.reasoning).toEqual(reasoning);
    expect(ctx.rules).toContain('responses.thinking_budget_to_effort');
    // Thinking switched off needs no encrypted reasoning back.
    expect(body.include !== undefined).toBe(budgetTokens > 0);
  });

  it('prefers an explicit effort over a budget', () => {
    const ctx = testContext();
    const body = canonicalToResponsesRequest(
      { ...base, reasoning: { effort: 'low', budgetTokens: 30000 } },
      ctx,
    );
    expect(body.reasoning).toEqual({ effort: 'low' });
    expect(ctx.rules).not.toContain('responses.thinking_budget_to_effort');
  });
});
