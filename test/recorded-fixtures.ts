import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * `test/fixtures/recorded/`: real upstream captures kept in the repository, so the tests need
 * nothing beside it (see that folder's README for what each file is, its source and license).
 */
const RECORDED_DIR = resolve(import.meta.dirname, 'fixtures/recorded');

/** A folder of captures: each format's kit names its own (`recorded.folder`). */
export type RecordedFolder = string;

export function recordedFile(folder: RecordedFolder, name: string): string {
  return readFileSync(resolve(RECORDED_DIR, folder, name), 'utf8');
}

/** The SSE `data:` payloads of a `*.chunks.txt` file, one per line (an optional `data: ` prefix stripped). */
export function recordedChunks(folder: RecordedFolder, name: string): string[] {
  return recordedFile(folder, name)
    .split('\n')
    .map((line) => line.replace(/^data: /, '').trim())
    .filter((line) => line.length > 0);
}

export function recordedNames(folder: RecordedFolder, suffix: '.chunks.txt' | '.json'): string[] {
  return readdirSync(resolve(RECORDED_DIR, folder)).filter((name) => name.endsWith(suffix));
}
