import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { chatToolChoiceToCanonical, chatToolsToCanonical } from './chat-tools-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

describe('chatToolsToCanonical', () => {
  it('flattens function tools', () => {
    expect(
      chatToolsToCanonical(
        [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'Current weather',
              parameters: schema,
              strict: false,
            },
          },
          { type: 'function', function: { name: 'now' } },
        ],
        testContext(),
      ),
    ).toEqual([
      { name: 'get_weather', description: 'Current weather', parameters: schema, strict: false },
      { name: 'now' },
    ]);
  });

  it('is undefined without tools', () => {
    expect(chatToolsToCanonical(undefined, testContext())).toBeUndefined();
  });

  it('refuses custom tools naming the tool', () => {
    const error = errorOf(() =>
      chatToolsToCanonical(
        [
          { type: 'function', function: { name: 'a' } },
          { type: 'custom', custom: { name: 'b' } },
        ],
        testContext(),
      ),
    );
    expect(error.param).toBe('tools.1.type');
    expect(error.message).toMatch(/custom tools/);
  });

  it('requires a function name', () => {
    expect(
      errorOf(() => chatToolsToCanonical([{ type: 'function', function: {} }], testContext()))
        .param,
    ).toBe('tools.0.function.name');
  });
});

describe('chatToolChoiceToCanonical', () => {
  it('maps the string choices', () => {
    expect(chatToolChoiceToCanonical('none')).toEqual({ type: 'none' });
    expect(chatToolChoiceToCanonical('auto')).toEqual({ type: 'auto' });
    expect(chatToolChoiceToCanonical('required')).toEqual({ type: 'required' });
    expect(chatToolChoiceToCanonical(null)).toBeUndefined();
  });

  it('maps a named function and allowed_tools', () => {
    expect(chatToolChoiceToCanonical({ type: 'function', function: { name: 'f' } })).toEqual({
      type: 'tool',
      name: 'f',
    });
    expect(
      chatToolChoiceToCanonical({
        type: 'allowed_tools',
        allowed_tools: {
          mode: 'required',
          tools: [
            { type: 'function', function: { name: 'a' } },
            { type: 'function', function: { name: 'b' } },
          ],
        },
      }),
    ).toEqual({ type: 'allowed', mode: 'required', names: ['a', 'b'] });
  });

  it('refuses custom choices and bad strings', () => {
    expect(
      errorOf(() => chatToolChoiceToCanonical({ type: 'custom', custom: { name: 'x' } })).param,
    ).toBe('tool_choice.type');
    expect(errorOf(() => chatToolChoiceToCanonical('any')).param).toBe('tool_choice');
  });
});
