import { describe, expect, it } from 'vitest';
import { decideLaunch, headlessNotice } from './decide-launch.ts';
import type { BinaryLookup } from './electron-binary.ts';

const binary: BinaryLookup = { found: true, path: '/e/dist/electron' };
const noBinary: BinaryLookup = { found: false, detail: 'node_modules/electron has no path.txt' };
const x11 = { DISPLAY: ':0' };

describe('decideLaunch', () => {
  it('runs Electron with a binary and a display', () => {
    expect(decideLaunch({ binary, platform: 'linux', env: x11, root: false })).toEqual({
      mode: 'electron',
      binary: '/e/dist/electron',
    });
    expect(
      decideLaunch({
        binary,
        platform: 'linux',
        env: { WAYLAND_DISPLAY: 'wayland-0' },
        root: false,
      }),
    ).toMatchObject({ mode: 'electron' });
  });

  it('macOS and Windows always have a display', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(decideLaunch({ binary, platform, env: {}, root: false })).toMatchObject({
        mode: 'electron',
      });
    }
  });

  it('runs headless without a binary, on any platform, saying why', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const decision = decideLaunch({ binary: noBinary, platform, env: x11, root: false });
      expect(decision.mode).toBe('headless');
      expect(decision).toMatchObject({
        reason: expect.stringMatching(
          /^Electron binary not installed \(node_modules\/electron has no path\.txt; npm start does not download it/,
        ) as unknown,
      });
    }
  });

  it('runs headless on Linux without a display', () => {
    for (const env of [{}, { DISPLAY: '' }]) {
      expect(decideLaunch({ binary, platform: 'linux', env, root: false })).toEqual({
        mode: 'headless',
        reason: 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)',
      });
    }
    expect(decideLaunch({ binary, platform: 'freebsd', env: {}, root: false }).mode).toBe(
      'headless',
    );
  });

  it('names the missing binary first when both are missing (this machine)', () => {
    const decision = decideLaunch({ binary: noBinary, platform: 'linux', env: {}, root: true });
    expect(decision.mode === 'headless' && decision.reason).toMatch(
      /^Electron binary not installed/,
    );
  });

  it('does not run Electron as root on Linux (its sandbox refuses)', () => {
    expect(decideLaunch({ binary, platform: 'linux', env: x11, root: true })).toEqual({
      mode: 'headless',
      reason: "running as root (Electron's sandbox does not run as root)",
    });
  });

  it('runs headless on request', () => {
    expect(
      decideLaunch({
        binary,
        platform: 'darwin',
        env: { MODEL_GATEWAY_HEADLESS: '1' },
        root: false,
      }),
    ).toEqual({ mode: 'headless', reason: 'headless requested (MODEL_GATEWAY_HEADLESS=1)' });
  });
});

describe('headlessNotice', () => {
  it('is one line that says why and what happens instead', () => {
    const line = headlessNotice('no display (neither DISPLAY nor WAYLAND_DISPLAY is set)');
    expect(line).toBe(
      'npm start: no display (neither DISPLAY nor WAYLAND_DISPLAY is set). Running the app headless instead: open the URL it prints in a browser.',
    );
    expect(line).not.toContain('\n');
  });
});
