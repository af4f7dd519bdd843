import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { anthropicMessagesToCanonical } from './anthropic-messages-to-canonical.ts';
import { withAnthropicSignature } from './anthropic-state.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';

describe('anthropicMessagesToCanonical', () => {
  it('reads a tool round: results become a tool turn before the rest, with the call names', () => {
    const ctx = testContext();
    const { messages } = anthropicMessagesToCanonical(
      [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Call it.', signature: 'EqQB' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
      ctx,
    );
    expect(messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        parts: [
          withAnthropicSignature({ type: 'reasoning', text: 'Call it.' }, 'EqQB'),
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'toolu_1', name: 'weather', arguments: '{"city":"Paris"}' },
        ],
      },
      {
        role: 'tool',
        parts: [{ type: 'tool-result', callId: 'toolu_1', name: 'weather', content: 'sunny' }],
      },
      { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('keeps the images of a tool result in it, the rest of the message after the tool turn', () => {
    const png = { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' };
    const ctx = testContext();
    const { messages } = anthropicMessagesToCanonical(
      [
        { role: 'user', content: 'What is on the screen?' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 's.png' } },
            { type: 'tool_use', id: 'toolu_2', name: 'Read', input: { file_path: 'a.txt' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'image', source: png }],
            },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'text' },
            { type: 'text', text: 'Describe it.' },
          ],
        },
      ],
      ctx,
    );
    expect(messages.slice(2)).toEqual([
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'toolu_1',
            name: 'Read',
            content: '',
            images: [
              { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBORw0K' } },
            ],
          },
          // A result without images has no `images` field: text results are as before.
          { type: 'tool-result', callId: 'toolu_2', name: 'Read', content: 'text' },
        ],
      },
      { role: 'user', parts: [{ type: 'text', text: 'Describe it.' }] },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('merges consecutive turns of one role, as the Messages API does', () => {
    const { messages } = anthropicMessagesToCanonical(
      [
        { role: 'user', content: 'a' },
        { role: 'user', content: [{ type: 'text', text: 'b' }] },
      ],
      testContext(),
    );
    expect(messages).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ]);
  });

  it('turns leading system messages into system text and keeps later ones in place', () => {
    const decoded = anthropicMessagesToCanonical(
      [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: [{ type: 'text', text: 'Now in French.' }] },
        { role: 'user', content: 'Again' },
      ],
      testContext(),
    );
    expect(decoded.system).toBe('Be terse.');
    expect(decoded.messages.map((m) => m.role)).toEqual(['user', 'system', 'user']);
  });

  it('refuses a tool result that answers no earlier call, naming it', () => {
    const error = errorOf(() =>
      anthropicMessagesToCanonical(
        [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: '' }] }],
        testContext(),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.param).toBe('messages.0.content.0.tool_use_id');
  });

  it('requires messages and known roles', () => {
    expect(errorOf(() => anthropicMessagesToCanonical(undefined, testContext())).param).toBe(
      'messages',
    );
    expect(
      errorOf(() => anthropicMessagesToCanonical([{ role: 'tool', content: 'x' }], testContext()))
        .param,
    ).toBe('messages.0.role');
  });

  it('reads an empty assistant prefill as no turn content', () => {
    const { messages } = anthropicMessagesToCanonical(
      [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: '' },
      ],
      testContext(),
    );
    expect(messages).toEqual([{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }]);
  });
});
