import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { canonicalToChatMessages } from './canonical-to-chat-messages.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
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

  it('sends the images tools returned in one user message after the tool messages, under a rule', () => {
    const ctx = testContext();
    const png = { kind: 'data', mimeType: 'image/png', data: 'iVBO' } as const;
    const messages = canonicalToChatMessages(
      undefined,
      [
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', id: 'call_1', name: 'get_screenshot', arguments: '{}' },
            { type: 'tool-call', id: 'call_2', name: 'get_title', arguments: '{}' },
            { type: 'tool-call', id: 'call_3', name: 'get_photos', arguments: '{}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: 'call_1',
              name: 'get_screenshot',
              content: '',
              images: [{ type: 'image', source: png, detail: 'high' }],
            },
            { type: 'tool-result', callId: 'call_2', name: 'get_title', content: 'Home' },
          ],
        },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: 'call_3',
              content: '2 photos',
              images: [
                { type: 'image', source: png },
                { type: 'image', source: { kind: 'url', url: 'https://x/p.jpg' } },
              ],
            },
          ],
        },
        { role: 'assistant', parts: [{ type: 'text', text: 'A home page and two photos.' }] },
      ],
      ctx,
    );
    expect(messages.slice(1)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: '[image 1 of this result: sent in the next user message]',
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'Home' },
      {
        role: 'tool',
        tool_call_id: 'call_3',
        content:
          '2 photos\n[image 1 of this result: sent in the next user message]\n[image 2 of this result: sent in the next user message]',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Image from the result of get_screenshot (call_1):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBO', detail: 'high' } },
          { type: 'text', text: 'Images from the result of tool call (call_3):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBO' } },
          { type: 'image_url', image_url: { url: 'https://x/p.jpg' } },
        ],
      },
      { role: 'assistant', content: 'A home page and two photos.' },
    ]);
    expect(ctx.rules).toEqual(['chat.tool_result_images_as_user_message']);
  });

  it('puts the images before the text of a user message that follows the results', () => {
    const messages = canonicalToChatMessages(
      undefined,
      [
        {
          role: 'assistant',
          parts: [{ type: 'tool-call', id: 'call_1', name: 'Read', arguments: '{}' }],
        },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: 'call_1',
              name: 'Read',
              content: 'shot.png',
              images: [{ type: 'image', source: { kind: 'url', url: 'https://x/s.png' } }],
            },
          ],
        },
        { role: 'user', parts: [{ type: 'text', text: 'Describe it.' }] },
      ],
      testContext(),
    );
    expect(messages.slice(1)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'shot.png\n[image 1 of this result: sent in the next user message]',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Image from the result of Read (call_1):' },
          { type: 'image_url', image_url: { url: 'https://x/s.png' } },
          { type: 'text', text: 'Describe it.' },
        ],
      },
    ]);
  });

  it('drops reasoning and call signatures under rules, joins text and keeps refusals', () => {
    const ctx = testContext();
    const messages = canonicalToChatMessages(
      undefined,
      [
        {
          role: 'assistant',
          parts: [
            withGeminiSignature({ type: 'reasoning', text: 'thinking' }, 'SIG'),
            { type: 'text', text: 'Hel' },
            { type: 'text', text: 'lo' },
            { type: 'refusal', text: 'No.' },
            withGeminiSignature({ type: 'tool-call', id: 'c', name: 'f', arguments: '{}' }, 'Eq0E'),
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
