import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openStore } from './open-store.ts';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';

const WRITER = fileURLToPath(new URL('../../test/doubles/store/crash-writer.ts', import.meta.url));

/**
 * Runs the writer until it has reported `batches` commits, then SIGKILLs it mid-stream.
 * Resolves with the ids it reported as committed.
 */
function runAndKill(
  dataDir: string,
  idPrefix: string,
  batches: number,
  children: ChildProcess[],
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dataDir, idPrefix], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    let killScheduled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const flushes = stdout.split('\n').filter((line) => line.startsWith('FLUSHED ')).length;
      if (!killScheduled && flushes >= batches) {
        killScheduled = true;
        // A little jitter so the kill lands at different points of a write.
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 15));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL' || stderr !== '') {
        reject(new Error(`writer ended with code ${code}, signal ${signal}: ${stderr}`));
        return;
      }
      // Only whole lines: the kill may cut the last one short.
      const lines = stdout.split('\n').slice(0, -1);
      resolve(
        lines
          .filter((line) => line.startsWith('FLUSHED '))
          .flatMap((line) => line.slice('FLUSHED '.length).split(',')),
      );
    });
  });
}

describe('crash safety', () => {
  const children: ChildProcess[] = [];
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('mgw-crash-');
  });
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    temp.remove();
  });

  it('keeps every record reported as flushed, and the database intact, after SIGKILL', async () => {
    const reported: string[] = [];
    // Several kills on one file: each run also starts by recovering the previous crash.
    for (let round = 0; round < 3; round += 1) {
      const ids = await runAndKill(temp.dir, `round${round}`, 20 + round * 10, children);
      expect(ids.length).toBeGreaterThan(0);
      reported.push(...ids);
      // Killed, not closed: the WAL was left behind for the next open to recover.
      expect(existsSync(join(temp.dir, `${DATABASE_FILE}-wal`))).toBe(true);

      const store = openStore(temp.dir);
      try {
        expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = new Set(
          store.db
            .prepare<[], { request_id: string }>('SELECT request_id FROM request_log')
            .all()
            .map((row) => row.request_id),
        );
        expect(reported.filter((id) => !stored.has(id))).toEqual([]);
        // A committed record is whole: its captured bodies came with it.
        const last = store.requestLog.getLogEntry(ids.at(-1) ?? '');
        expect(last?.capture?.requestBody?.length).toBeGreaterThan(4000);
      } finally {
        store.close();
      }
    }
  }, 60_000);
});
