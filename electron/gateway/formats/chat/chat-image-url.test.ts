import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { imageUrlToSource, sourceToImageUrl } from './chat-image-url.ts';

describe('imageUrlToSource', () => {
  it('splits a base64 data URL', () => {
    expect(imageUrlToSource('data:image/png;base64,iVBORw0KGgo=', 'p')).toEqual({
      kind: 'data',
      mimeType: 'image/png',
      data: 'iVBORw0KGgo=',
    });
  });

  it('drops data URL parameters other than base64', () => {
    expect(imageUrlToSource('data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=', 'p')).toEqual({
      kind: 'data',
      mimeType: 'image/svg+xml',
      data: 'PHN2Zz4=',
    });
  });

  it('keeps other URLs', () => {
    expect(imageUrlToSource('https://example.com/a.png', 'p')).toEqual({
      kind: 'url',
      url: 'https://example.com/a.png',
    });
  });

  it('refuses a data URL that is not base64, naming the part', () => {
    let caught: unknown;
    try {
      imageUrlToSource('data:image/svg+xml,<svg/>', 'messages.1.content.0.image_url');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GatewayError);
    expect((caught as GatewayError).param).toBe('messages.1.content.0.image_url');
    expect((caught as GatewayError).status).toBe(400);
  });
});

describe('sourceToImageUrl', () => {
  it('rebuilds a data URL and keeps plain URLs', () => {
    expect(sourceToImageUrl({ kind: 'data', mimeType: 'image/jpeg', data: 'AAA=' })).toBe(
      'data:image/jpeg;base64,AAA=',
    );
    expect(sourceToImageUrl({ kind: 'url', url: 'https://x/y.png' })).toBe('https://x/y.png');
  });
});
