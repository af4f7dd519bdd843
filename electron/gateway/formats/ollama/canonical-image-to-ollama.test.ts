import { describe, expect, it } from 'vitest';
import { canonicalImageToOllama } from './canonical-image-to-ollama.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { IMAGES } from '../../../../test/doubles/formats/ollama-test-support.ts';

describe('canonicalImageToOllama', () => {
  it('sends inline bytes as they are', () => {
    expect(
      canonicalImageToOllama({ kind: 'data', mimeType: 'image/png', data: IMAGES.png }, 'p'),
    ).toBe(IMAGES.png);
  });

  it('refuses an image by URL, which Ollama does not fetch', () => {
    const error = errorOf(() =>
      canonicalImageToOllama({ kind: 'url', url: 'https://x/y.png' }, 'messages.0.parts.1'),
    );
    expect(error).toMatchObject({ status: 400, param: 'messages.0.parts.1' });
  });
});
