import { parseArgs } from 'node:util';

export interface DesktopArgs {
  /** --data-dir DIR: the app's data folder instead of userData (as the CLI's --data-dir). */
  dataDir?: string;
  /** --port N: the gateway's port for this run, over the saved setting (0 = any free port). */
  port?: number;
}

/**
 * The desktop app's own options, picked out of Electron's argv, which also carries the app path
 * and Chromium switches (left alone: `strict: false`). `npm start -- --port 9000` passes them in
 * either mode, since headless `model-gateway app` takes the same two.
 */
export function parseDesktopArgs(argv: readonly string[]): DesktopArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { 'data-dir': { type: 'string' }, port: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const result: DesktopArgs = {};
  const dataDir = values['data-dir'];
  if (typeof dataDir === 'string' && dataDir !== '') result.dataDir = dataDir;
  const port = values.port;
  if (typeof port === 'string' && /^\d{1,5}$/.test(port) && Number(port) <= 65535) {
    result.port = Number(port);
  }
  return result;
}
