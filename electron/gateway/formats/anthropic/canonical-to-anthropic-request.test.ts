import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { canonicalToAnthropicRequest } from './canonical-to-anthropic-request.ts';

const base: CanonicalRequest = {
  model: 'claude-sonnet-4-5',
  system: 'Be brief.',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  sampling: {},
  stream: true,
};

describe('canonicalToAnthropicRequest', () => {
  it('always sends max_tokens, defaulted under a rule, and the system text', () => {
    const ctx = testContext();
    expect(canonicalToAnthropicRequest(base, ctx)).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 32000,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
    });
    expect(ctx.rules).toEqual(['anthropic.max_tokens_defaulted']);
  });

  it('sends the cap, stop sequences, structured output and effort as a thinking budget', () => {
    const ctx = testContext();
    const body = canonicalToAnthropicRequest(
      {
        ...base,
        stream: false,
        sampling: { maxOutputTokens: 20000, stop: ['END'], temperature: 0.2, seed: 7 },
        responseFormat: { type: 'json-schema', schema: { type: 'object' }, name: 'out' },
        reasoning: { effort: 'medium' },
      },
      ctx,
    );
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 20000,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      thinking: { type: 'enabled', budget_tokens: 8192 },
      output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
      stop_sequences: ['END'],
    });
    expect(ctx.rules).toEqual([
      'anthropic.sampling_dropped',
      'anthropic.seed_dropped',
      'anthropic.response_schema_name_dropped',
      'anthropic.reasoning_effort_to_budget',
    ]);
  });

  it('asks for JSON mode in the system text', () => {
    const ctx = testContext();
    const body = canonicalToAnthropicRequest(
      { ...base, sampling: { maxOutputTokens: 10 }, responseFormat: { type: 'json' } },
      ctx,
    );
    expect(body.system).toBe(
      'Be brief.\n\nRespond with a single valid JSON object and nothing else.',
    );
    expect(ctx.rules).toEqual(['anthropic.json_mode_as_instruction']);
  });

  it('sends tools with the tool choice', () => {
    const body = canonicalToAnthropicRequest(
      {
        ...base,
        sampling: { maxOutputTokens: 10 },
        tools: [{ name: 'f', parameters: { type: 'object' } }],
        toolChoice: { type: 'tool', name: 'f' },
        parallelToolCalls: false,
      },
      testContext(),
    );
    expect(body.tools).toEqual([{ name: 'f', input_schema: { type: 'object' } }]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'f', disable_parallel_tool_use: true });
  });
});
