import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { chatMessagesToCanonical } from './chat-messages-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const weatherCall = {
  id: 'call_abc',
  type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};

describe('chatMessagesToCanonical', () => {
  it('joins leading system and developer messages and keeps later ones in place', () => {
    const decoded = chatMessagesToCanonical(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use metric units.' }] },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Now answer in French.' },
      ],
      testContext(),
    );
    expect(decoded.system).toBe('Be brief.\n\nUse metric units.');
    expect(decoded.messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { role: 'system', parts: [{ type: 'text', text: 'Now answer in French.' }] },
    ]);
  });

  it('maps the tool round trip, resolving the result name', () => {
    const decoded = chatMessagesToCanonical(
      [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [weatherCall] },
        { role: 'tool', tool_call_id: 'call_abc', content: '{"temp_c":18}' },
      ],
      testContext(),
    );
    expect(decoded.system).toBeUndefined();
    expect(decoded.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        parts: [
          {
            type: 'tool-call',
            id: 'call_abc',
            name: 'get_weather',
            arguments: '{"city":"Paris"}',
          },
        ],
      },
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'call_abc',
            name: 'get_weather',
            content: '{"temp_c":18}',
          },
        ],
      },
    ]);
  });

  it('puts reasoning first, then text, refusal and calls', () => {
    const decoded = chatMessagesToCanonical(
      [
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Part one. ' },
            { type: 'refusal', refusal: 'Not that.' },
          ],
          reasoning_content: 'Let me think.',
          tool_calls: [weatherCall],
        },
      ],
      testContext(),
    );
    expect(decoded.messages[0]?.parts.map((p) => p.type)).toEqual([
      'reasoning',
      'text',
      'refusal',
      'tool-call',
    ]);
    expect(decoded.messages[0]?.parts[0]).toEqual({ type: 'reasoning', text: 'Let me think.' });
  });

  it('skips an empty assistant string and reads the refusal field', () => {
    const decoded = chatMessagesToCanonical(
      [{ role: 'assistant', content: '', refusal: 'I cannot help with that.' }],
      testContext(),
    );
    expect(decoded.messages[0]?.parts).toEqual([
      { type: 'refusal', text: 'I cannot help with that.' },
    ]);
  });

  it('keeps the text parts of a tool result apart, one per line', () => {
    const decoded = chatMessagesToCanonical(
      [
        { role: 'assistant', content: null, tool_calls: [weatherCall] },
        {
          role: 'tool',
          tool_call_id: 'call_abc',
          content: [
            { type: 'text', text: 'sunny' },
            { type: 'text', text: 'warm' },
          ],
        },
      ],
      testContext(),
    );
    expect(decoded.messages[1]?.parts[0]).toMatchObject({ content: 'sunny\nwarm' });
  });

  it('refuses a tool result whose call id matches no earlier call', () => {
    const error = errorOf(() =>
      chatMessagesToCanonical(
        [
          { role: 'user', content: 'x' },
          { role: 'tool', tool_call_id: 'call_missing', content: 'r' },
        ],
        testContext(),
      ),
    );
    expect(error.param).toBe('messages.1.tool_call_id');
    expect(error.message).toMatch(/call_missing/);
  });

  it('refuses legacy function messages and custom tool calls', () => {
    expect(
      errorOf(() =>
        chatMessagesToCanonical([{ role: 'function', name: 'f', content: 'x' }], testContext()),
      ).message,
    ).toMatch(/use tools/);
    expect(
      errorOf(() =>
        chatMessagesToCanonical(
          [
            {
              role: 'assistant',
              tool_calls: [{ id: 'c', type: 'custom', custom: { name: 'x', input: 'y' } }],
            },
          ],
          testContext(),
        ),
      ).param,
    ).toBe('messages.0.tool_calls.0.type');
  });

  it('drops message names under a rule and a replayed call index under another', () => {
    const ctx = testContext();
    chatMessagesToCanonical(
      [
        { role: 'user', name: 'alice', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [{ ...weatherCall, index: 0 }] },
      ],
      ctx,
    );
    expect(ctx.rules).toEqual(['chat.message_name_dropped', 'chat.tool_call_index_dropped']);
  });

  it('refuses non-text parts in system messages and an unknown role', () => {
    expect(
      errorOf(() =>
        chatMessagesToCanonical(
          [{ role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] }],
          testContext(),
        ),
      ).param,
    ).toBe('messages.0.content.0');
    expect(
      errorOf(() => chatMessagesToCanonical([{ role: 'robot', content: 'x' }], testContext()))
        .param,
    ).toBe('messages.0.role');
  });
});
