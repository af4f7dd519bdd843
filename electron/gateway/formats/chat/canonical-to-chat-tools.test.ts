import { describe, expect, it } from 'vitest';
import { canonicalToChatToolChoice, canonicalToChatTools } from './canonical-to-chat-tools.ts';

describe('canonicalToChatTools', () => {
  it('nests each tool under function', () => {
    const parameters = { type: 'object', properties: {} };
    expect(
      canonicalToChatTools([
        { name: 'get_weather', description: 'Current weather', parameters, strict: true },
        { name: 'now' },
      ]),
    ).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Current weather', parameters, strict: true },
      },
      { type: 'function', function: { name: 'now' } },
    ]);
  });
});

describe('canonicalToChatToolChoice', () => {
  it('writes every choice in chat form', () => {
    expect(canonicalToChatToolChoice({ type: 'auto' })).toBe('auto');
    expect(canonicalToChatToolChoice({ type: 'none' })).toBe('none');
    expect(canonicalToChatToolChoice({ type: 'required' })).toBe('required');
    expect(canonicalToChatToolChoice({ type: 'tool', name: 'f' })).toEqual({
      type: 'function',
      function: { name: 'f' },
    });
    expect(canonicalToChatToolChoice({ type: 'allowed', mode: 'auto', names: ['a', 'b'] })).toEqual(
      {
        type: 'allowed_tools',
        allowed_tools: {
          mode: 'auto',
          tools: [
            { type: 'function', function: { name: 'a' } },
            { type: 'function', function: { name: 'b' } },
          ],
        },
      },
    );
  });
});
