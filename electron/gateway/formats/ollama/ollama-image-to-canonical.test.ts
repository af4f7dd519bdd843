import { describe, expect, it } from 'vitest';
import { ollamaImageToCanonical, sniffImageType } from './ollama-image-to-canonical.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { IMAGES } from '../../../../test/doubles/formats/ollama-test-support.ts';

describe('ollamaImageToCanonical', () => {
  it('reads the MIME type from the bytes: PNG, JPEG, GIF, WebP', () => {
    expect(sniffImageType(IMAGES.png)).toBe('image/png');
    expect(sniffImageType(IMAGES.jpeg)).toBe('image/jpeg');
    expect(sniffImageType(IMAGES.gif)).toBe('image/gif');
    expect(sniffImageType(IMAGES.webp)).toBe('image/webp');
    expect(sniffImageType(IMAGES.pdf)).toBeUndefined();
    expect(sniffImageType('')).toBeUndefined();
  });

  it('makes a canonical inline image with the bytes untouched', () => {
    expect(ollamaImageToCanonical(IMAGES.png, 'images.0')).toEqual({
      type: 'image',
      source: { kind: 'data', mimeType: 'image/png', data: IMAGES.png },
    });
  });

  it('refuses an unknown type with a 400 naming the image', () => {
    const error = errorOf(() => ollamaImageToCanonical(IMAGES.pdf, 'messages.0.images.1'));
    expect(error).toMatchObject({
      status: 400,
      param: 'messages.0.images.1',
      code: 'invalid_image',
    });
    expect(error.message).toMatch(/not a PNG, JPEG, GIF or WebP image/);
  });

  it('refuses a data: URL and anything that is not a string', () => {
    expect(
      errorOf(() => ollamaImageToCanonical(`data:image/png;base64,${IMAGES.png}`, 'i')).message,
    ).toMatch(/without a 'data:' prefix/);
    expect(errorOf(() => ollamaImageToCanonical([1, 2], 'i')).code).toBe('invalid_type');
    expect(errorOf(() => ollamaImageToCanonical('', 'i')).code).toBe('invalid_type');
  });
});
