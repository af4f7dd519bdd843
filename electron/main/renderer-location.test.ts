import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppResource, isAppUrl, rendererLocation } from './renderer-location.ts';

const indexHtml = '/opt/Model Gateway/out/renderer/index.html';

describe('rendererLocation', () => {
  it('uses the loopback dev server only when unpackaged', () => {
    expect(
      rendererLocation({ devUrl: 'http://localhost:5173', isPackaged: false, indexHtml }),
    ).toEqual({ kind: 'url', url: 'http://localhost:5173/' });
    for (const devUrl of ['http://localhost:5173', undefined]) {
      expect(rendererLocation({ devUrl, isPackaged: true, indexHtml })).toEqual({
        kind: 'file',
        path: indexHtml,
      });
    }
    for (const devUrl of ['https://localhost:5173', 'http://example.com', 'not a url']) {
      expect(rendererLocation({ devUrl, isPackaged: false, indexHtml }).kind).toBe('file');
    }
  });
});

describe('isAppUrl', () => {
  const file = { kind: 'file', path: indexHtml } as const;
  const own = pathToFileURL(indexHtml).href;

  it('accepts the built page with any hash or query', () => {
    expect(isAppUrl(file, own)).toBe(true);
    expect(isAppUrl(file, `${own}#/logs?x=1`)).toBe(true);
    expect(isAppUrl(file, `${own}?q`)).toBe(true);
  });

  it('refuses other files and other schemes', () => {
    expect(isAppUrl(file, pathToFileURL('/opt/Model Gateway/out/renderer/other.html').href)).toBe(
      false,
    );
    expect(isAppUrl(file, 'file:///etc/passwd')).toBe(false);
    expect(isAppUrl(file, 'https://example.com/opt/Model%20Gateway/out/renderer/index.html')).toBe(
      false,
    );
    expect(isAppUrl(file, 'garbage')).toBe(false);
  });

  it('accepts the dev server origin only', () => {
    const dev = { kind: 'url', url: 'http://localhost:5173/' } as const;
    expect(isAppUrl(dev, 'http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isAppUrl(dev, 'ws://localhost:5173/')).toBe(false);
    expect(isAppUrl(dev, 'http://localhost:5174/')).toBe(false);
    expect(isAppUrl(dev, 'http://127.0.0.1:5173/')).toBe(false);
  });
});

describe('isAppResource', () => {
  it('adds the dev server’s hot-reload socket, in development only', () => {
    const dev = { kind: 'url', url: 'http://localhost:5173/' } as const;
    expect(isAppResource(dev, 'ws://localhost:5173/?token=x')).toBe(true);
    expect(isAppResource(dev, 'http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isAppResource(dev, 'ws://localhost:5174/')).toBe(false);
    expect(isAppResource(dev, 'wss://example.com/')).toBe(false);
    const file = { kind: 'file', path: indexHtml } as const;
    expect(isAppResource(file, 'ws://localhost:5173/')).toBe(false);
    expect(isAppResource(file, pathToFileURL(indexHtml).href)).toBe(true);
  });
});
