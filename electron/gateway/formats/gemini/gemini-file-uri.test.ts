import { describe, expect, it } from 'vitest';
import { imageMimeTypeOf, isGeminiFileUri, isImageUri } from './gemini-file-uri.ts';

describe('gemini file URIs', () => {
  it('recognises Google storage and Files API URIs only', () => {
    expect(isGeminiFileUri('gs://bucket/cat.png')).toBe(true);
    expect(isGeminiFileUri('https://generativelanguage.googleapis.com/v1beta/files/abc')).toBe(
      true,
    );
    expect(isGeminiFileUri('https://example.com/cat.png')).toBe(false);
  });

  it('guesses an image MIME type from the extension, JPEG by default', () => {
    expect(imageMimeTypeOf('gs://b/cat.PNG')).toBe('image/png');
    expect(imageMimeTypeOf('gs://b/cat.webp?x=1')).toBe('image/webp');
    expect(imageMimeTypeOf('https://generativelanguage.googleapis.com/v1beta/files/abc')).toBe(
      'image/jpeg',
    );
    expect(isImageUri('gs://b/a.jpeg')).toBe(true);
    expect(isImageUri('gs://b.x/report.pdf')).toBe(false);
    expect(isImageUri('gs://b.png/file')).toBe(false);
  });
});
