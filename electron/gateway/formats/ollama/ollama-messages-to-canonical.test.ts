import type { Message } from 'ollama';
import { describe, expect, it } from 'vitest';
import { ollamaMessagesToCanonical } from './ollama-messages-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { IMAGES } from '../../../../test/doubles/formats/ollama-test-support.ts';

const decode = (messages: Message[] | Record<string, unknown>[], ctx = testContext()) =>
  ollamaMessagesToCanonical(messages, ctx);

describe('ollamaMessagesToCanonical', () => {
  it('makes leading system messages the system text and keeps later ones in place', () => {
    expect(
      decode([
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: '' },
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Now in German.' },
      ]),
    ).toEqual({
      system: 'Be brief.\n\nAnswer in French.',
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Now in German.' }] },
      ],
    });
  });

  it('puts a user message’s images before its text, with their type read from the bytes', () => {
    const { messages } = decode([
      { role: 'user', content: 'What is this?', images: [IMAGES.png, IMAGES.jpeg] },
      { role: 'user', content: '', images: [IMAGES.webp] },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: IMAGES.png } },
          { type: 'image', source: { kind: 'data', mimeType: 'image/jpeg', data: IMAGES.jpeg } },
          { type: 'text', text: 'What is this?' },
        ],
      },
      {
        role: 'user',
        parts: [
          { type: 'image', source: { kind: 'data', mimeType: 'image/webp', data: IMAGES.webp } },
        ],
      },
    ]);
  });

  it('reads an assistant’s thinking, text and calls, giving calls without ids their place as id', () => {
    const { messages } = decode([
      { role: 'user', content: 'Weather in Paris and Lyon?' },
      {
        role: 'assistant',
        content: '',
        thinking: 'Two cities.',
        tool_calls: [
          { function: { name: 'weather', arguments: { city: 'Paris' } } },
          { id: 'call_x1', function: { name: 'weather', arguments: { city: 'Lyon' } } },
        ],
      },
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'Two cities.' },
        {
          type: 'tool-call',
          id: 'call_ollama_1_0',
          name: 'weather',
          arguments: '{"city":"Paris"}',
        },
        { type: 'tool-call', id: 'call_x1', name: 'weather', arguments: '{"city":"Lyon"}' },
      ],
    });
  });

  it('matches tool messages to calls by tool_call_id, tool_name and order, in one tool turn', () => {
    const { messages } = decode([
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { function: { name: 'weather', arguments: { city: 'Paris' } } },
          { id: 'call_t', function: { name: 'time', arguments: {} } },
          { function: { name: 'weather', arguments: { city: 'Lyon' } } },
        ],
      },
      { role: 'tool', content: '20°C', tool_name: 'weather' },
      { role: 'tool', content: 'noon', tool_call_id: 'call_t' },
      { role: 'tool', content: '18°C' },
      { role: 'assistant', content: 'Paris 20°C, Lyon 18°C, noon.' },
    ]);
    expect(messages[2]).toEqual({
      role: 'tool',
      parts: [
        { type: 'tool-result', callId: 'call_ollama_1_0', name: 'weather', content: '20°C' },
        { type: 'tool-result', callId: 'call_t', name: 'time', content: 'noon' },
        { type: 'tool-result', callId: 'call_ollama_1_2', name: 'weather', content: '18°C' },
      ],
    });
    expect(messages[3]).toEqual({
      role: 'assistant',
      parts: [{ type: 'text', text: 'Paris 20°C, Lyon 18°C, noon.' }],
    });
  });

  it('carries a tool message’s images with its result', () => {
    const ctx = testContext();
    const { messages } = decode(
      [
        { role: 'user', content: 'Screenshot please' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'shot', arguments: {} } }],
        },
        { role: 'tool', content: '', tool_name: 'shot', images: [IMAGES.png] },
      ],
      ctx,
    );
    // The images are the result's own, carried with it: each format's encoder places them.
    expect(messages.slice(2)).toEqual([
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'call_ollama_1_0',
            name: 'shot',
            content: '',
            images: [
              { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: IMAGES.png } },
            ],
          },
        ],
      },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('refuses a tool message that answers no call', () => {
    expect(errorOf(() => decode([{ role: 'tool', content: 'x' }])).message).toMatch(
      /matches no open tool call .* by its place/,
    );
    const error = errorOf(() =>
      decode([
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'a', arguments: {} } }],
        },
        { role: 'tool', content: 'x', tool_name: 'b' },
      ]),
    );
    expect(error).toMatchObject({ status: 400, param: 'messages.1' });
    expect(error.message).toMatch(/tool_name 'b'/);
  });

  it('accepts role case as Ollama does and empty fields of other roles, refuses filled ones', () => {
    expect(decode([{ role: 'User', content: 'Hi', images: [], thinking: '' }]).messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]);
    expect(
      errorOf(() => decode([{ role: 'system', content: 'x', images: [IMAGES.png] }])).param,
    ).toBe('messages.0.images');
    expect(
      errorOf(() => decode([{ role: 'assistant', content: 'x', images: [IMAGES.png] }])).param,
    ).toBe('messages.0.images');
    expect(errorOf(() => decode([{ role: 'user', content: 'x', thinking: 'hm' }])).param).toBe(
      'messages.0.thinking',
    );
    expect(errorOf(() => decode([{ role: 'developer', content: 'x' }])).param).toBe(
      'messages.0.role',
    );
    expect(errorOf(() => decode([{ role: 'user', content: 'x', name: 'bob' }])).param).toBe(
      'messages.0.name',
    );
  });

  it('refuses call arguments that are not an object, and drops a replayed call index', () => {
    expect(
      errorOf(() =>
        decode([
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'a', arguments: '{}' } }],
          },
        ]),
      ).param,
    ).toBe('messages.0.tool_calls.0.function.arguments');
    const ctx = testContext();
    decode(
      [
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { index: 0, name: 'a', arguments: {} } }],
        },
      ],
      ctx,
    );
    expect(ctx.dropped).toEqual(['messages.0.tool_calls.0.function.index']);
  });
});
