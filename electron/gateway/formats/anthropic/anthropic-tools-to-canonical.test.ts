import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import {
  anthropicToolChoiceToCanonical,
  anthropicToolsToCanonical,
} from './anthropic-tools-to-canonical.ts';

const weather = {
  name: 'weather',
  description: 'Current weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('anthropicToolsToCanonical', () => {
  it('reads custom tools, with or without type: custom', () => {
    const ctx = testContext();
    const { tools } = anthropicToolsToCanonical(
      [weather, { type: 'custom', name: 'time', input_schema: { type: 'object' }, strict: true }],
      ctx,
    );
    expect(tools).toEqual([
      {
        name: 'weather',
        description: 'Current weather',
        parameters: weather.input_schema,
      },
      { name: 'time', parameters: { type: 'object' }, strict: true },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('drops Anthropic-defined tools by path: server-run and client-run ones under their rules', () => {
    const ctx = testContext();
    const decoded = anthropicToolsToCanonical(
      [
        { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
        { type: 'bash_20250124', name: 'bash' },
        { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
        { type: 'code_execution_20250825', name: 'code_execution' },
        weather,
      ],
      ctx,
    );
    expect(decoded.tools?.map((t) => t.name)).toEqual(['weather']);
    expect([...decoded.droppedNames]).toEqual([
      'web_search',
      'bash',
      'str_replace_based_edit_tool',
      'code_execution',
    ]);
    expect(ctx.dropped).toEqual(['tools.0', 'tools.1', 'tools.2', 'tools.3']);
    expect(ctx.rules).toEqual([
      'anthropic.server_tool_dropped',
      'anthropic.client_builtin_tool_dropped',
    ]);
  });

  it("drops a tool's hints by path: cache_control, eager streaming, examples, deferral", () => {
    const ctx = testContext();
    anthropicToolsToCanonical(
      [
        {
          ...weather,
          cache_control: { type: 'ephemeral' },
          eager_input_streaming: true,
          input_examples: [{ city: 'Paris' }],
          defer_loading: true,
        },
      ],
      ctx,
    );
    expect(ctx.dropped).toEqual([
      'tools.0.cache_control',
      'tools.0.eager_input_streaming',
      'tools.0.input_examples',
      'tools.0.defer_loading',
    ]);
  });

  it('refuses a tool without a schema and two tools with one name', () => {
    expect(errorOf(() => anthropicToolsToCanonical([{ name: 'x' }], testContext())).param).toBe(
      'tools.0.input_schema',
    );
    expect(errorOf(() => anthropicToolsToCanonical([weather, weather], testContext())).param).toBe(
      'tools.1.name',
    );
  });
});

describe('anthropicToolChoiceToCanonical', () => {
  const decoded = { tools: [{ name: 'weather' }], droppedNames: new Set(['web_search']) };

  it('maps auto, none, any and tool, and disable_parallel_tool_use', () => {
    const choice = (value: unknown) =>
      anthropicToolChoiceToCanonical(value, decoded, testContext());
    expect(choice({ type: 'auto' })).toEqual({ toolChoice: { type: 'auto' } });
    expect(choice({ type: 'none' })).toEqual({ toolChoice: { type: 'none' } });
    expect(choice({ type: 'any', disable_parallel_tool_use: true })).toEqual({
      toolChoice: { type: 'required' },
      parallelToolCalls: false,
    });
    expect(choice({ type: 'tool', name: 'weather' })).toEqual({
      toolChoice: { type: 'tool', name: 'weather' },
    });
    expect(choice(undefined)).toEqual({});
  });

  it('refuses forcing a dropped tool, or any tool when only dropped ones were declared', () => {
    expect(
      errorOf(() =>
        anthropicToolChoiceToCanonical(
          { type: 'tool', name: 'web_search' },
          decoded,
          testContext(),
        ),
      ).param,
    ).toBe('tool_choice.name');
    expect(
      errorOf(() =>
        anthropicToolChoiceToCanonical(
          { type: 'any' },
          { droppedNames: new Set(['bash']) },
          testContext(),
        ),
      ).param,
    ).toBe('tool_choice');
    expect(
      errorOf(() => anthropicToolChoiceToCanonical({ type: 'some' }, decoded, testContext())).param,
    ).toBe('tool_choice.type');
  });
});
