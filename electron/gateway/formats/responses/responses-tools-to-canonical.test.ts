import { describe, expect, it } from 'vitest';
import {
  responsesToolChoiceToCanonical,
  responsesToolsToCanonical,
} from './responses-tools-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

const weather = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

describe('responses tools → canonical', () => {
  it('reads flat function tools', () => {
    expect(
      responsesToolsToCanonical(
        [weather, { type: 'function', name: 'ping', parameters: null, strict: null }],
        testContext(),
      ),
    ).toEqual([
      {
        name: 'get_weather',
        description: 'Current weather',
        parameters: weather.parameters,
        strict: false,
      },
      { name: 'ping' },
    ]);
  });

  it('accepts features spelled out at their default, refuses them switched on', () => {
    expect(
      responsesToolsToCanonical([{ ...weather, defer_loading: false }], testContext()),
    ).toHaveLength(1);
    expect(
      gatewayErrorOf(() =>
        responsesToolsToCanonical([{ ...weather, defer_loading: true }], testContext()),
      ).param,
    ).toBe('tools.0.defer_loading');
  });

  it.each([
    'web_search',
    'web_search_preview',
    'file_search',
    'code_interpreter',
    'computer_use_preview',
    'image_generation',
    'mcp',
    'tool_search',
  ])('drops the hosted tool %s and names it, keeping the rest', (type) => {
    const ctx = testContext();
    expect(responsesToolsToCanonical([{ type }, weather], ctx)).toEqual([
      expect.objectContaining({ name: 'get_weather' }),
    ]);
    expect(ctx.dropped).toEqual(['tools.0']);
    expect(ctx.rules).toContain('responses.hosted_tool_dropped');
  });

  it.each(['shell', 'local_shell', 'apply_patch', 'something_new'])(
    'refuses the tool type %s, which the client runs in a shape other formats lack',
    (type) => {
      const error = gatewayErrorOf(() =>
        responsesToolsToCanonical([weather, { type }], testContext()),
      );
      expect(error).toMatchObject({ status: 400, param: 'tools.1' });
      expect(error.message).toContain(type);
    },
  );

  it('carries a custom tool as a function of one string, with its grammar described', () => {
    const ctx = testContext();
    const [tool] = responsesToolsToCanonical(
      [
        {
          type: 'custom',
          name: 'apply_patch',
          description: 'Edit files.',
          format: { type: 'grammar', syntax: 'lark', definition: 'start: "*** Begin Patch"' },
        },
      ],
      ctx,
    );
    expect(tool).toMatchObject({
      name: 'apply_patch',
      parameters: { type: 'object', required: ['input'] },
      declared: { kind: 'custom', name: 'apply_patch' },
    });
    expect(tool?.description).toContain('Edit files.');
    expect(tool?.description).toContain('start: "*** Begin Patch"');
    expect(ctx.rules).toContain('responses.custom_tool_format_described');
    expect(ctx.dropped).toEqual([]);
  });

  it('flattens a namespace into functions named namespace__name', () => {
    const ctx = testContext();
    const tools = responsesToolsToCanonical(
      [
        {
          type: 'namespace',
          name: 'crm',
          description: 'Customer records.',
          tools: [
            { type: 'function', name: 'lookup', description: 'Find one.', parameters: {} },
            { type: 'custom', name: 'note' },
          ],
        },
      ],
      ctx,
    );
    expect(tools.map((t) => [t.name, t.declared])).toEqual([
      ['crm__lookup', { kind: 'function', name: 'lookup', namespace: 'crm' }],
      ['crm__note', { kind: 'custom', name: 'note', namespace: 'crm' }],
    ]);
    expect(tools[0]?.description).toContain('Customer records.');
    expect(ctx.rules).toContain('responses.namespace_flattened');
  });

  it('refuses two tools that end up with one name', () => {
    const error = gatewayErrorOf(() =>
      responsesToolsToCanonical(
        [
          { type: 'function', name: 'crm__lookup' },
          {
            type: 'namespace',
            name: 'crm',
            description: '',
            tools: [{ type: 'function', name: 'lookup' }],
          },
        ],
        testContext(),
      ),
    );
    expect(error).toMatchObject({ status: 400, param: 'tools' });
  });
});

describe('responses tool_choice → canonical', () => {
  it('reads the string modes', () => {
    expect(responsesToolChoiceToCanonical('none')).toEqual({ type: 'none' });
    expect(responsesToolChoiceToCanonical('auto')).toEqual({ type: 'auto' });
    expect(responsesToolChoiceToCanonical('required')).toEqual({ type: 'required' });
  });

  it('reads a forced function and an allowed subset (flat shapes)', () => {
    expect(responsesToolChoiceToCanonical({ type: 'function', name: 'get_weather' })).toEqual({
      type: 'tool',
      name: 'get_weather',
    });
    expect(
      responsesToolChoiceToCanonical({
        type: 'allowed_tools',
        mode: 'required',
        tools: [
          { type: 'function', name: 'a' },
          { type: 'function', name: 'b' },
        ],
      }),
    ).toEqual({ type: 'allowed', mode: 'required', names: ['a', 'b'] });
  });

  it('reads forced and allowed custom and namespaced tools under their canonical names', () => {
    expect(responsesToolChoiceToCanonical({ type: 'custom', name: 'apply_patch' })).toEqual({
      type: 'tool',
      name: 'apply_patch',
    });
    expect(
      responsesToolChoiceToCanonical({
        type: 'allowed_tools',
        mode: 'auto',
        tools: [
          { type: 'function', name: 'lookup', namespace: 'crm' },
          { type: 'custom', name: 'note' },
        ],
      }),
    ).toEqual({ type: 'allowed', mode: 'auto', names: ['crm__lookup', 'note'] });
  });

  it('refuses hosted tool choices and unknown modes', () => {
    expect(
      gatewayErrorOf(() => responsesToolChoiceToCanonical({ type: 'web_search_preview' })).param,
    ).toBe('tool_choice');
    expect(
      gatewayErrorOf(() => responsesToolChoiceToCanonical({ type: 'mcp', server_label: 's' }))
        .param,
    ).toBe('tool_choice');
    expect(gatewayErrorOf(() => responsesToolChoiceToCanonical('sometimes')).param).toBe(
      'tool_choice',
    );
    expect(
      gatewayErrorOf(() =>
        responsesToolChoiceToCanonical({
          type: 'allowed_tools',
          mode: 'auto',
          tools: [{ type: 'file_search' }],
        }),
      ).param,
    ).toBe('tool_choice.tools.0');
  });
});
