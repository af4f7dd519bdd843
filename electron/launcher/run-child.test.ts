import { describe, expect, it } from 'vitest';
import { runChild } from './run-child.ts';

const node = (code: string) =>
  runChild(process.execPath, ['-e', code], {
    cwd: process.cwd(),
    env: process.env,
    stdio: 'ignore',
  });

describe('runChild', () => {
  it('resolves with the exit status', async () => {
    await expect(node('process.exit(0)')).resolves.toBe(0);
    await expect(node('process.exit(3)')).resolves.toBe(3);
  });

  it.skipIf(process.platform === 'win32')(
    'reports a death by signal as 128 + its number',
    async () => {
      await expect(node("process.kill(process.pid, 'SIGTERM')")).resolves.toBe(143);
    },
  );

  it('rejects when the command cannot start', async () => {
    await expect(
      runChild('/nonexistent/binary', [], {
        cwd: process.cwd(),
        env: process.env,
        stdio: 'ignore',
      }),
    ).rejects.toThrow(/ENOENT/);
  });
});
