import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { canonicalToChatMessages } from './canonical-to-chat-messages.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

describe('canonicalToChatMessages', () => {
  it('writes system first, then turns in order, one tool message per result', () => {
    const ctx = testContext();
    const messages = canonicalToChatMessages(
      'Answer briefly.',
      [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Weather in Paris and Lyon? And this:' },
            {
              type: 'image',
              source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' },
              detail: 'high',
            },
            { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { type: 'tool-call', id: 'call_2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', callId: 'call_1', content: '18' }] },
        { role: 'tool', parts: [{ type: 'tool-result', callId: 'call_2', content: '21' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Now in French.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Merci' }] },
      ],
      ctx,
    );
    expect(messages).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in Paris and Lyon? And this:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBO', detail: 'high' } },
          { type: 'image_url', image_url: { url: 'https://x/y.png' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Lyon"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18' },
      { role: 'tool', tool_call_id: 'call_2', content: '21' },
      { role: 'system', content: 'Now in French.' },
      { role: 'user', content: 'Merci' },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('drops reasoning and call signatures under rules, joins text and keeps refusals', () => {
    const ctx = testContext();
    const messages = canonicalToChatMessages(
      undefined,
      [
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: 'thinking', signature: 'SIG' },
            { type: 'text', text: 'Hel' },
            { type: 'text', text: 'lo' },
            { type: 'refusal', text: 'No.' },
            { type: 'tool-call', id: 'c', name: 'f', arguments: '{}', signature: 'Eq0E' },
          ],
        },
      ],
      ctx,
    );
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: 'Hello',
        refusal: 'No.',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
    ]);
    expect(ctx.rules).toEqual([
      'chat.reasoning_history_dropped',
      'chat.tool_call_signature_dropped',
    ]);
  });

  it('writes an empty assistant turn as empty content', () => {
    expect(
      canonicalToChatMessages(undefined, [{ role: 'assistant', parts: [] }], testContext()),
    ).toEqual([{ role: 'assistant', content: '' }]);
  });

  it('refuses parts in the wrong turn', () => {
    expect(() =>
      canonicalToChatMessages(
        undefined,
        [{ role: 'user', parts: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{}' }] }],
        testContext(),
      ),
    ).toThrow(GatewayError);
  });
});
