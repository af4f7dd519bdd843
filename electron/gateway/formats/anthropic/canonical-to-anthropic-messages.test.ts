import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { thinkingStateKey } from './anthropic-thinking-replay.ts';
import { canonicalToAnthropicMessages } from './canonical-to-anthropic-messages.ts';

describe('canonicalToAnthropicMessages', () => {
  it('writes a tool round: calls with object input, results as a user turn merged with the next', () => {
    const ctx = testContext();
    expect(
      canonicalToAnthropicMessages(
        [
          { role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
          {
            role: 'assistant',
            parts: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
              { type: 'tool-call', id: 'call_2', name: 'time', arguments: '' },
            ],
          },
          {
            role: 'tool',
            parts: [
              { type: 'tool-result', callId: 'call_1', content: 'sunny' },
              { type: 'tool-result', callId: 'call_2', content: '12:00' },
            ],
          },
          { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
        ],
        ctx,
      ),
    ).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_2', name: 'time', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: 'sunny' },
          { type: 'tool_result', tool_use_id: 'call_2', content: '12:00' },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it("sends Anthropic's own thinking back byte-exact and leaves other reasoning out", () => {
    const ctx = testContext();
    const [message] = canonicalToAnthropicMessages(
      [
        {
          role: 'assistant',
          parts: [
            withAnthropicSignature({ type: 'reasoning', text: 'Plan.' }, 'EqQB+/='),
            withAnthropicRedacted({ type: 'reasoning', text: '' }, 'RED'),
            withGeminiSignature({ type: 'reasoning', text: 'gemini thought' }, 'G'),
            { type: 'text', text: 'Hi' },
          ],
        },
      ],
      ctx,
    );
    expect(message!.content).toEqual([
      { type: 'thinking', thinking: 'Plan.', signature: 'EqQB+/=' },
      { type: 'redacted_thinking', data: 'RED' },
      { type: 'text', text: 'Hi' },
    ]);
    expect(ctx.rules).toEqual(['anthropic.reasoning_text_dropped']);
  });

  it('replays kept thinking: the first call’s at the start of the turn, a later one before its call', () => {
    const ctx = testContext();
    ctx.state.set(
      thinkingStateKey('toolu_1'),
      JSON.stringify([{ type: 'thinking', thinking: 'One.', signature: 'S1' }]),
    );
    ctx.state.set(
      thinkingStateKey('toolu_2'),
      JSON.stringify([{ type: 'thinking', thinking: 'Two.', signature: 'S2' }]),
    );
    const [message] = canonicalToAnthropicMessages(
      [
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Let me check.' },
            { type: 'tool-call', id: 'toolu_1', name: 'a', arguments: '{}' },
            { type: 'tool-call', id: 'toolu_2', name: 'b', arguments: '{}' },
          ],
        },
      ],
      ctx,
    );
    expect((message!.content as { type: string }[]).map((b) => b.type)).toEqual([
      'thinking',
      'text',
      'tool_use',
      'thinking',
      'tool_use',
    ]);
    expect(ctx.rules).toEqual(['anthropic.thinking_replayed']);
  });

  it('writes images inline or by URL, and keeps system turns in place', () => {
    const ctx = testContext();
    expect(
      canonicalToAnthropicMessages(
        [
          {
            role: 'user',
            parts: [
              {
                type: 'image',
                source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' },
                detail: 'high',
              },
              { type: 'image', source: { kind: 'url', url: 'data:image/jpeg;base64,/9j/' } },
              { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
            ],
          },
          { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        ],
        ctx,
      ),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
          { type: 'image', source: { type: 'url', url: 'https://x/y.png' } },
        ],
      },
      { role: 'system', content: 'Be brief.' },
    ]);
    expect(ctx.rules).toEqual(['anthropic.image_detail_dropped']);
  });

  it('writes a result with images as text and image blocks; a text result stays a string', () => {
    const ctx = testContext();
    const messages = canonicalToAnthropicMessages(
      [
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', id: 'toolu_1', name: 'Read', arguments: '{}' },
            { type: 'tool-call', id: 'toolu_2', name: 'Read', arguments: '{}' },
            { type: 'tool-call', id: 'toolu_3', name: 'Read', arguments: '{}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            {
              type: 'tool-result',
              callId: 'toolu_1',
              content: '',
              images: [
                {
                  type: 'image',
                  source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' },
                  detail: 'high',
                },
              ],
            },
            {
              type: 'tool-result',
              callId: 'toolu_2',
              content: 'diagram',
              images: [{ type: 'image', source: { kind: 'url', url: 'https://a.b/d.png' } }],
            },
            { type: 'tool-result', callId: 'toolu_3', content: 'plain' },
          ],
        },
      ],
      ctx,
    );
    expect(messages[1]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
          ],
        },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_2',
          content: [
            { type: 'text', text: 'diagram' },
            { type: 'image', source: { type: 'url', url: 'https://a.b/d.png' } },
          ],
        },
        { type: 'tool_result', tool_use_id: 'toolu_3', content: 'plain' },
      ],
    });
    expect(ctx.rules).toEqual(['anthropic.image_detail_dropped']);
  });

  it('refuses an image type Messages cannot take inside a result, naming it', () => {
    const error = errorOf(() =>
      canonicalToAnthropicMessages(
        [
          {
            role: 'assistant',
            parts: [{ type: 'tool-call', id: 'toolu_1', name: 'Read', arguments: '{}' }],
          },
          {
            role: 'tool',
            parts: [
              {
                type: 'tool-result',
                callId: 'toolu_1',
                content: '',
                images: [
                  { type: 'image', source: { kind: 'data', mimeType: 'image/bmp', data: 'Qk0=' } },
                ],
              },
            ],
          },
        ],
        testContext(),
      ),
    );
    expect(error.param).toBe('messages.1.parts.0.images.0');
  });

  it('drops a Gemini call signature under a rule (the Gemini side keeps it by id)', () => {
    const ctx = testContext();
    canonicalToAnthropicMessages(
      [
        {
          role: 'assistant',
          parts: [
            withGeminiSignature({ type: 'tool-call', id: 'c', name: 'f', arguments: '{}' }, 'S'),
          ],
        },
      ],
      ctx,
    );
    expect(ctx.rules).toEqual(['anthropic.tool_call_signature_dropped']);
  });

  it('refuses what Messages cannot take, naming the canonical part', () => {
    const bad = (messages: Parameters<typeof canonicalToAnthropicMessages>[0]) =>
      errorOf(() => canonicalToAnthropicMessages(messages, testContext())).param;
    expect(
      bad([
        {
          role: 'user',
          parts: [{ type: 'image', source: { kind: 'data', mimeType: 'image/bmp', data: 'x' } }],
        },
      ]),
    ).toBe('messages.0.parts.0');
    expect(
      bad([
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '[1]' }] },
      ]),
    ).toBe('messages.0.parts.0.arguments');
    expect(bad([{ role: 'tool', parts: [{ type: 'text', text: 'x' }] }])).toBe(
      'messages.0.parts.0',
    );
  });
});
