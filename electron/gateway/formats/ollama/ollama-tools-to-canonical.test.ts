import { describe, expect, it } from 'vitest';
import type { Tool } from 'ollama';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { ollamaToolsToCanonical } from './ollama-tools-to-canonical.ts';

const weather: Tool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the weather in a given city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city' } },
      required: ['city'],
    },
  },
};

describe('ollamaToolsToCanonical', () => {
  it('carries function tools with their schema as given', () => {
    expect(ollamaToolsToCanonical([weather], testContext())).toEqual([
      {
        name: 'get_weather',
        description: 'Get the weather in a given city',
        parameters: weather.function.parameters,
      },
    ]);
  });

  it('reads no tools from an absent or empty list', () => {
    expect(ollamaToolsToCanonical(undefined, testContext())).toBeUndefined();
    expect(ollamaToolsToCanonical([], testContext())).toBeUndefined();
  });

  it('refuses other tool types and unknown fields, naming them', () => {
    expect(
      errorOf(() => ollamaToolsToCanonical([{ type: 'web_search' }], testContext())).param,
    ).toBe('tools.0.type');
    expect(
      errorOf(() =>
        ollamaToolsToCanonical(
          [{ ...weather, function: { ...weather.function, strict: true } }],
          testContext(),
        ),
      ).param,
    ).toBe('tools.0.function.strict');
    expect(
      errorOf(() => ollamaToolsToCanonical([{ type: 'function', function: {} }], testContext()))
        .param,
    ).toBe('tools.0.function.name');
  });
});
