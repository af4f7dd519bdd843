import { describe, expect, it } from 'vitest';
import { ollamaChatToCanonical } from './ollama-chat-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { ollamaToolChoiceToCanonical } from './ollama-tool-choice-to-canonical.ts';

const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }];

describe('ollamaToolChoiceToCanonical', () => {
  it.each(['auto', 'none', 'required'] as const)('reads %s', (choice) => {
    expect(ollamaToolChoiceToCanonical(choice)).toEqual({ type: choice });
  });

  it('reads a named function in ollama-ai-provider-v2’s shape and in OpenAI’s', () => {
    expect(ollamaToolChoiceToCanonical({ type: 'function', name: 'lookup' })).toEqual({
      type: 'tool',
      name: 'lookup',
    });
    expect(ollamaToolChoiceToCanonical({ type: 'function', function: { name: 'lookup' } })).toEqual(
      { type: 'tool', name: 'lookup' },
    );
  });

  it('is absent when not given', () => {
    expect(ollamaToolChoiceToCanonical(undefined)).toBeUndefined();
    expect(ollamaToolChoiceToCanonical(null)).toBeUndefined();
  });

  it.each([['any'], [{ type: 'web_search_preview' }], [{ type: 'function' }], [3]])(
    'refuses %j with a 400 naming tool_choice',
    (choice) => {
      const error = errorOf(() => ollamaToolChoiceToCanonical(choice));
      expect(error).toMatchObject({ status: 400, param: 'tool_choice' });
    },
  );
});

describe('tool_choice on /api/chat (ollama-ai-provider-v2 sends it with every tool request)', () => {
  const chat = (extra: Record<string, unknown>) =>
    ollamaChatToCanonical(
      { model: 'm', messages: [{ role: 'user', content: 'Hi' }], tools, ...extra },
      testContext(),
    );

  it('is carried as the canonical tool choice', () => {
    expect(chat({ tool_choice: 'auto' }).toolChoice).toEqual({ type: 'auto' });
    expect(chat({ tool_choice: { type: 'function', name: 'lookup' } }).toolChoice).toEqual({
      type: 'tool',
      name: 'lookup',
    });
  });

  it('leaves the tool choice out when the body has none, or declares no tools', () => {
    expect(chat({})).not.toHaveProperty('toolChoice');
    expect(chat({ tools: undefined, tool_choice: 'required' })).not.toHaveProperty('toolChoice');
  });
});
