import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { canonicalToAnthropicTools } from './canonical-to-anthropic-tools.ts';

const weather = {
  name: 'weather',
  description: 'Weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};
const time = { name: 'time' };

describe('canonicalToAnthropicTools', () => {
  it('writes tools with input_schema, and a parameterless tool with an empty object schema', () => {
    expect(
      canonicalToAnthropicTools(
        [weather, { ...time, strict: true }],
        undefined,
        undefined,
        testContext(),
      ),
    ).toEqual({
      tools: [
        { name: 'weather', description: 'Weather', input_schema: weather.parameters },
        { name: 'time', input_schema: { type: 'object', properties: {} }, strict: true },
      ],
    });
  });

  it('maps each tool choice, and parallel calls off onto it', () => {
    const choice = (c: Parameters<typeof canonicalToAnthropicTools>[1], parallel?: boolean) =>
      canonicalToAnthropicTools([weather], c, parallel, testContext()).tool_choice;
    expect(choice({ type: 'auto' })).toEqual({ type: 'auto' });
    expect(choice({ type: 'none' })).toEqual({ type: 'none' });
    expect(choice({ type: 'required' }, false)).toEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    });
    expect(choice({ type: 'tool', name: 'weather' })).toEqual({ type: 'tool', name: 'weather' });
    expect(choice(undefined, false)).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(choice(undefined, true)).toBeUndefined();
  });

  it('sends only the allowed tools for an allowed subset, under a rule', () => {
    const ctx = testContext();
    const out = canonicalToAnthropicTools(
      [weather, time],
      { type: 'allowed', mode: 'required', names: ['time'] },
      undefined,
      ctx,
    );
    expect(out.tools?.map((t) => t.name)).toEqual(['time']);
    expect(out.tool_choice).toEqual({ type: 'any' });
    expect(ctx.rules).toEqual(['anthropic.allowed_tools_filtered']);
  });

  it('gives an untyped schema its object type and refuses a non-object schema', () => {
    expect(
      canonicalToAnthropicTools(
        [{ name: 'f', parameters: { properties: {} } }],
        undefined,
        undefined,
        testContext(),
      ).tools?.[0]?.input_schema,
    ).toEqual({ type: 'object', properties: {} });
    expect(
      errorOf(() =>
        canonicalToAnthropicTools(
          [{ name: 'f', parameters: { type: 'string' } }],
          undefined,
          undefined,
          testContext(),
        ),
      ).param,
    ).toBe('tools.0.parameters');
  });

  it('writes nothing without tools, except a choice that still means something', () => {
    expect(canonicalToAnthropicTools(undefined, { type: 'none' }, false, testContext())).toEqual(
      {},
    );
  });
});
