import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { chatUserContentToParts } from './chat-user-content-to-parts.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const decode = (content: unknown) =>
  chatUserContentToParts(content, 'messages.1.content', testContext());

describe('chatUserContentToParts', () => {
  it('turns a string into one text part', () => {
    expect(decode('hi')).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('maps text and images, keeping detail', () => {
    expect(
      decode([
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBO', detail: 'low' } },
        { type: 'image_url', image_url: { url: 'https://x/cat.jpg' } },
      ]),
    ).toEqual([
      { type: 'text', text: 'What is this?' },
      {
        type: 'image',
        source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' },
        detail: 'low',
      },
      { type: 'image', source: { kind: 'url', url: 'https://x/cat.jpg' } },
    ]);
  });

  it('refuses input_audio and file parts by their path', () => {
    const audio = errorOf(() =>
      decode([
        { type: 'text', text: 'a' },
        { type: 'input_audio', input_audio: { data: 'x' } },
      ]),
    );
    expect(audio.param).toBe('messages.1.content.1');
    expect(audio.message).toMatch(/audio input/);
    expect(errorOf(() => decode([{ type: 'file', file: { file_id: 'f' } }])).param).toBe(
      'messages.1.content.0',
    );
  });

  it('refuses an unknown detail and unknown part fields', () => {
    expect(
      errorOf(() =>
        decode([{ type: 'image_url', image_url: { url: 'https://x', detail: 'ultra' } }]),
      ).param,
    ).toBe('messages.1.content.0.image_url.detail');
    expect(
      errorOf(() => decode([{ type: 'text', text: 'a', cache_control: { type: 'ephemeral' } }]))
        .param,
    ).toBe('messages.1.content.0.cache_control');
  });

  it('refuses content that is neither a string nor parts', () => {
    expect(errorOf(() => decode(42)).param).toBe('messages.1.content');
  });
});
