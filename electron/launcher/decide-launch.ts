import type { BinaryLookup } from './electron-binary.ts';
import { missingDisplay } from './display.ts';

export type LaunchDecision =
  { mode: 'electron'; binary: string } | { mode: 'headless'; reason: string };

/** Set to 1 to run the headless app even where Electron could start. */
const HEADLESS_ENV = 'MODEL_GATEWAY_HEADLESS';

/**
 * What `npm start` runs: the desktop app when an Electron binary is installed and there is a
 * display to show it on, else the same UI headless (served to a browser). A pure function of
 * what was found, so every case is tested without Electron.
 */
export function decideLaunch(input: {
  binary: BinaryLookup;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** Running as root (uid 0). */
  root: boolean;
}): LaunchDecision {
  if (input.env[HEADLESS_ENV] === '1') {
    return { mode: 'headless', reason: `headless requested (${HEADLESS_ENV}=1)` };
  }
  if (!input.binary.found) {
    return {
      mode: 'headless',
      // npm start never downloads it (this machine cannot); `npx install-electron` does, online.
      reason:
        `Electron binary not installed (${input.binary.detail}; npm start does not download it, ` +
        '`npx install-electron` does where the network allows)',
    };
  }
  const noDisplay = missingDisplay(input.platform, input.env);
  if (noDisplay) return { mode: 'headless', reason: noDisplay };
  // Chromium refuses to run as root on Linux unless its sandbox is switched off, and the
  // renderer's sandbox is one of the app's security defaults: do not switch it off for the user.
  if (input.root && input.platform === 'linux') {
    return {
      mode: 'headless',
      reason: "running as root (Electron's sandbox does not run as root)",
    };
  }
  return { mode: 'electron', binary: input.binary.path };
}

/** The one stderr line that says why `npm start` is not opening a window. */
export function headlessNotice(reason: string): string {
  return `npm start: ${reason}. Running the app headless instead: open the URL it prints in a browser.`;
}
