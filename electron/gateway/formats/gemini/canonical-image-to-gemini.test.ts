import { describe, expect, it } from 'vitest';
import { canonicalImageToGemini } from './canonical-image-to-gemini.ts';
import { gatewayErrorOf } from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('canonicalImageToGemini', () => {
  it('sends inline bytes as inlineData, also from a data: URL', () => {
    expect(
      canonicalImageToGemini({ kind: 'data', mimeType: 'image/png', data: 'iVBO' }, 'p'),
    ).toEqual({
      inlineData: { mimeType: 'image/png', data: 'iVBO' },
    });
    expect(
      canonicalImageToGemini({ kind: 'url', url: 'data:image/webp;base64,UklG' }, 'p'),
    ).toEqual({
      inlineData: { mimeType: 'image/webp', data: 'UklG' },
    });
  });

  it('sends Gemini file URIs as fileData with a guessed MIME type', () => {
    expect(canonicalImageToGemini({ kind: 'url', url: 'gs://b/cat.png' }, 'p')).toEqual({
      fileData: { fileUri: 'gs://b/cat.png', mimeType: 'image/png' },
    });
    const files = 'https://generativelanguage.googleapis.com/v1beta/files/abc';
    expect(canonicalImageToGemini({ kind: 'url', url: files }, 'p')).toEqual({
      fileData: { fileUri: files, mimeType: 'image/jpeg' },
    });
  });

  it('refuses any other URL, naming the part', () => {
    const error = gatewayErrorOf(() =>
      canonicalImageToGemini(
        { kind: 'url', url: 'https://example.com/cat.png' },
        'messages.0.parts.1',
      ),
    );
    expect(error.status).toBe(400);
    expect(error.param).toBe('messages.0.parts.1');
    expect(error.message).toBe(
      'image URLs cannot be sent to a native-format model; send the image inline as a data: URL',
    );
  });
});
