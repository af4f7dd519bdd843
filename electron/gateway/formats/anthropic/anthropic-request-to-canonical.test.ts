import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { anthropicRequestToCanonical } from './anthropic-request-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';

/** A request as Claude Code sends it (shape of its /v1/messages?beta=true calls). */
const claudeCodeBody = {
  model: 'gemini-3-pro-preview',
  max_tokens: 32000,
  stream: true,
  system: [
    {
      type: 'text',
      text: "You are Claude Code, Anthropic's official CLI for Claude.",
      cache_control: { type: 'ephemeral' },
    },
  ],
  messages: [
    {
      role: 'user',
      content: [{ type: 'text', text: 'List the files.', cache_control: { type: 'ephemeral' } }],
    },
  ],
  tools: [
    {
      name: 'Bash',
      description: 'Run a command',
      input_schema: {
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
        additionalProperties: false,
        $schema: 'http://json-schema.org/draft-07/schema#',
      },
    },
  ],
  metadata: { user_id: 'user_abc_account__session_1' },
  thinking: { type: 'enabled', budget_tokens: 31999 },
  temperature: 1,
  context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
};

describe('anthropicRequestToCanonical', () => {
  it('carries a Claude Code request and names what it drops', () => {
    const ctx = testContext();
    const request = anthropicRequestToCanonical(claudeCodeBody, ctx);
    expect(request).toEqual({
      model: 'gemini-3-pro-preview',
      system: "You are Claude Code, Anthropic's official CLI for Claude.",
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'List the files.' }] }],
      tools: [
        {
          name: 'Bash',
          description: 'Run a command',
          parameters: claudeCodeBody.tools[0]!.input_schema,
        },
      ],
      sampling: { temperature: 1, maxOutputTokens: 32000 },
      reasoning: { budgetTokens: 31999, includeThoughts: true },
      stream: true,
    });
    expect(ctx.dropped).toEqual([
      'metadata',
      'context_management',
      'system.0.cache_control',
      'messages.0.content.0.cache_control',
    ]);
    expect(ctx.rules).toEqual([
      'anthropic.metadata_dropped',
      'anthropic.context_management_dropped',
      'anthropic.cache_control_dropped',
    ]);
  });

  it('carries sampling, stop sequences, tool choice and structured output', () => {
    const request = anthropicRequestToCanonical(
      {
        model: 'm',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Hi' }],
        top_p: 0.9,
        top_k: 40,
        stop_sequences: ['END'],
        tools: [{ name: 'a', input_schema: { type: 'object' } }],
        tool_choice: { type: 'auto', disable_parallel_tool_use: true },
        output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
      },
      testContext(),
    );
    expect(request.sampling).toEqual({ topP: 0.9, topK: 40, maxOutputTokens: 100, stop: ['END'] });
    expect(request.toolChoice).toEqual({ type: 'auto' });
    expect(request.parallelToolCalls).toBe(false);
    expect(request.responseFormat).toEqual({ type: 'json-schema', schema: { type: 'object' } });
    expect(request.stream).toBe(false);
  });

  it('requires max_tokens and refuses 0 (cache warming)', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
    const missing = errorOf(() => anthropicRequestToCanonical(body, testContext()));
    expect(missing.status).toBe(400);
    expect(missing.param).toBe('max_tokens');
    const zero = errorOf(() =>
      anthropicRequestToCanonical({ ...body, max_tokens: 0 }, testContext()),
    );
    expect(zero.code).toBe('unsupported_parameter');
  });

  it('refuses a thread continuation and unknown fields, and drops routing hints', () => {
    const body = { model: 'm', max_tokens: 5, messages: [] };
    expect(
      errorOf(() =>
        anthropicRequestToCanonical({ ...body, thread: { type: 'continue' } }, testContext()),
      ).param,
    ).toBe('thread');
    expect(
      errorOf(() => anthropicRequestToCanonical({ ...body, frobnicate: 1 }, testContext())).param,
    ).toBe('frobnicate');
    const ctx = testContext();
    anthropicRequestToCanonical(
      {
        ...body,
        service_tier: 'auto',
        speed: 'fast',
        inference_geo: 'us',
        cache_control: { type: 'ephemeral' },
        container: 'cntr_1',
        mcp_servers: [{ type: 'url', url: 'https://mcp', name: 'x' }],
      },
      ctx,
    );
    expect(ctx.dropped).toEqual([
      'service_tier',
      'speed',
      'inference_geo',
      'cache_control',
      'container',
      'mcp_servers',
    ]);
  });
});
