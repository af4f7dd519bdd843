import { describe, expect, it } from 'vitest';
import { canonicalToChat } from './canonical-to-chat.ts';

describe('a canonical request as chat messages', () => {
  it('keeps the settings the chat has fields for, within their ranges', () => {
    const chat = (sampling: object, effort?: 'minimal' | 'low') =>
      canonicalToChat({
        model: 'm',
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'q' }] }],
        sampling,
        ...(effort ? { reasoning: { effort } } : {}),
        stream: false,
      }).params;
    expect(chat({ temperature: 0, maxOutputTokens: 10 }, 'low')).toEqual({
      temperature: 0,
      maxTokens: 10,
      reasoningEffort: 'low',
    });
    // Values the chat's own fields cannot hold are left to the model's defaults.
    expect(chat({ temperature: 3, maxOutputTokens: 0.5 }, 'minimal')).toEqual({});
  });

  it('keeps images with their bytes, counts those given by URL, and keeps a mid-way system turn', () => {
    const chat = canonicalToChat({
      model: 'm',
      system: '  ',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
            { type: 'image', source: { kind: 'data', mimeType: 'image/webp', data: 'UklGRg==' } },
          ],
        },
        { role: 'system', parts: [{ type: 'text', text: 'Now in French.' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: 'hmm' }] },
      ],
      sampling: {},
      stream: true,
    });
    expect(chat.systemPrompt).toBeNull();
    expect(chat.omitted).toEqual(['1 image given by URL', '1 reasoning part']);
    expect(chat.messages).toEqual([
      {
        role: 'user',
        content: '',
        attachments: [
          {
            kind: 'image',
            name: 'image-1.webp',
            mimeType: 'image/webp',
            data: 'UklGRg==',
            size: 4,
          },
        ],
      },
      { role: 'system', content: 'Now in French.' },
    ]);
  });
});
