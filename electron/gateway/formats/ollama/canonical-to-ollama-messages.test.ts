import { describe, expect, it } from 'vitest';
import { canonicalToOllamaMessages } from './canonical-to-ollama-messages.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { IMAGES } from '../../../../test/doubles/formats/ollama-test-support.ts';

describe('canonicalToOllamaMessages', () => {
  it('writes system, user with images, assistant with thinking and calls, and tool results', () => {
    const ctx = testContext();
    expect(
      canonicalToOllamaMessages(
        'Be brief.',
        [
          {
            role: 'user',
            parts: [
              { type: 'text', text: 'Look:' },
              { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: IMAGES.png } },
              { type: 'text', text: 'Weather there?' },
            ],
          },
          {
            role: 'assistant',
            parts: [
              { type: 'reasoning', text: 'A beach.' },
              { type: 'text', text: 'Checking.' },
              { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Nice"}' },
            ],
          },
          { role: 'tool', parts: [{ type: 'tool-result', callId: 'call_1', content: '25°C' }] },
          { role: 'system', parts: [{ type: 'text', text: 'Now in French.' }] },
        ],
        ctx,
      ),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Look:\n\nWeather there?', images: [IMAGES.png] },
      {
        role: 'assistant',
        content: 'Checking.',
        thinking: 'A beach.',
        tool_calls: [{ id: 'call_1', function: { name: 'weather', arguments: { city: 'Nice' } } }],
      },
      { role: 'tool', content: '25°C', tool_name: 'weather', tool_call_id: 'call_1' },
      { role: 'system', content: 'Now in French.' },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('writes a refusal as text and drops an image detail, under rules', () => {
    const ctx = testContext();
    const messages = canonicalToOllamaMessages(
      undefined,
      [
        {
          role: 'user',
          parts: [
            {
              type: 'image',
              source: { kind: 'data', mimeType: 'image/png', data: IMAGES.png },
              detail: 'high',
            },
          ],
        },
        { role: 'assistant', parts: [{ type: 'refusal', text: 'No.' }] },
      ],
      ctx,
    );
    expect(messages).toEqual([
      { role: 'user', content: '', images: [IMAGES.png] },
      { role: 'assistant', content: 'No.' },
    ]);
    expect(ctx.rules).toEqual(['ollama.image_detail_dropped', 'ollama.refusal_as_text']);
  });

  it('refuses what Ollama cannot take, naming the canonical part', () => {
    expect(
      errorOf(() =>
        canonicalToOllamaMessages(
          undefined,
          [
            {
              role: 'user',
              parts: [{ type: 'image', source: { kind: 'url', url: 'https://x/a.png' } }],
            },
          ],
          testContext(),
        ),
      ).param,
    ).toBe('messages.0.parts.0');
    expect(
      errorOf(() =>
        canonicalToOllamaMessages(
          undefined,
          [
            {
              role: 'assistant',
              parts: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '[1]' }],
            },
          ],
          testContext(),
        ),
      ).param,
    ).toBe('messages.0.parts.0.arguments');
    expect(
      errorOf(() =>
        canonicalToOllamaMessages(
          undefined,
          [{ role: 'tool', parts: [{ type: 'text', text: 'x' }] }],
          testContext(),
        ),
      ).param,
    ).toBe('messages.0.parts.0');
  });
});
