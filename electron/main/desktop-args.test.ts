import { describe, expect, it } from 'vitest';
import { parseDesktopArgs } from './desktop-args.ts';

describe('parseDesktopArgs', () => {
  it('picks --data-dir and --port out of Electron’s argv', () => {
    expect(
      parseDesktopArgs([
        '/opt/electron',
        '/app',
        '--inspect=0',
        '--no-sandbox',
        '--data-dir',
        '/tmp/d',
        '--port=0',
      ]),
    ).toEqual({ dataDir: '/tmp/d', port: 0 });
  });

  it('ignores what is absent or malformed', () => {
    expect(parseDesktopArgs(['/opt/electron', '/app'])).toEqual({});
    expect(parseDesktopArgs(['--port', 'x'])).toEqual({});
    expect(parseDesktopArgs(['--port', '70000'])).toEqual({});
    expect(parseDesktopArgs(['--data-dir='])).toEqual({});
  });
});
