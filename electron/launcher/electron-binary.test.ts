import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary, type BinaryProbe } from './electron-binary.ts';

const DIR = '/p/node_modules/electron';

function probe(files: Record<string, string>, overrides: Partial<BinaryProbe> = {}): BinaryProbe {
  return {
    electronDir: DIR,
    env: {},
    platform: 'linux',
    exists: (path) => path in files,
    readText: (path) => files[path] ?? null,
    ...overrides,
  };
}

describe('findElectronBinary', () => {
  it('finds the binary path.txt names inside dist/', () => {
    const files = { [join(DIR, 'path.txt')]: 'electron', [join(DIR, 'dist/electron')]: '' };
    expect(findElectronBinary(probe(files))).toEqual({
      found: true,
      path: join(DIR, 'dist/electron'),
    });
  });

  it('reports no binary when it was never downloaded (no path.txt), as here', () => {
    expect(findElectronBinary(probe({}))).toEqual({
      found: false,
      detail: 'node_modules/electron has no path.txt',
    });
  });

  it('reports no binary when path.txt points at a missing file', () => {
    const files = { [join(DIR, 'path.txt')]: 'electron' };
    expect(findElectronBinary(probe(files))).toEqual({
      found: false,
      detail: `${join(DIR, 'dist/electron')} is missing`,
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH, with the platform’s executable name', () => {
    const env = { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' };
    const mac = { ...probe({ '/opt/electron/Electron.app/Contents/MacOS/Electron': '' }), env };
    expect(findElectronBinary({ ...mac, platform: 'darwin' })).toEqual({
      found: true,
      path: '/opt/electron/Electron.app/Contents/MacOS/Electron',
    });
    expect(findElectronBinary({ ...probe({}), env })).toEqual({
      found: false,
      detail: 'ELECTRON_OVERRIDE_DIST_PATH has no /opt/electron/electron',
    });
  });

  it('reports a missing electron package', () => {
    expect(findElectronBinary(probe({}, { electronDir: null }))).toEqual({
      found: false,
      detail: 'the electron package is not installed',
    });
  });
});
