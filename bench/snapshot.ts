import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from './spawn-services.ts';

/**
 * What the services run from: the gateway, the simulator and what they import, and what the
 * build needs to bundle the gateway as `npm start` ships it (out/main/cli.js).
 */
const PARTS = [
  'bin',
  'electron',
  'shared',
  'test/upstream-sim',
  // The simulator's part of each format lives in the format's test kit.
  'test/format-kits',
  'renderer',
  'electron.vite.config.ts',
  'tsconfig.json',
  'package.json',
];

export interface Snapshot {
  root: string;
  /** SHA-256 (first 12 hex digits) of every file copied, to tell runs of different code apart. */
  hash: string;
  remove(): void;
}

/**
 * Copies the gateway's and the simulator's sources to a temporary directory at the start of a
 * run, and every process of the run starts from there: edits made to the working tree while a
 * run is under way (the gateway is being worked on) cannot mix two versions in one report.
 */
export function snapshotSources(): Snapshot {
  const root = mkdtempSync(join(tmpdir(), 'mgw-bench-src-'));
  for (const part of PARTS) cpSync(join(ROOT, part), join(root, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const hash = createHash('sha256');
  for (const file of listFiles(root, PARTS)) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  try {
    buildBundles(root);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    root,
    hash: hash.digest('hex').slice(0, 12),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

function listFiles(root: string, parts: string[]): string[] {
  const files: string[] = [];
  const walk = (path: string): void => {
    const entries = readdirSync(path, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  for (const part of parts) {
    const full = join(root, part);
    if (statSync(full).isDirectory()) walk(full);
    else files.push(full);
  }
  return files;
}

/** `electron-vite build` in the copy, so the gateway runs bundled, as `npm start` runs it. */
function buildBundles(root: string): void {
  const cli = join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
  execFileSync(process.execPath, [cli, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}
