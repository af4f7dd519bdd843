import { describe, expect, it } from 'vitest';
import {
  responsesToolChoiceToCanonical,
  responsesToolsToCanonical,
} from './responses-tools-to-canonical.ts';
import { gatewayErrorOf, testContext } from './responses-test-support.ts';

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
    'file_search',
    'code_interpreter',
    'computer_use_preview',
    'image_generation',
    'mcp',
    'custom',
    'shell',
    'apply_patch',
  ])('refuses the built-in tool %s, naming it', (type) => {
    const error = gatewayErrorOf(() =>
      responsesToolsToCanonical([weather, { type }], testContext()),
    );
    expect(error).toMatchObject({ status: 400, param: 'tools.1' });
    expect(error.message).toContain(type);
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
