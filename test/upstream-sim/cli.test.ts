import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SIM_KEYS } from './index.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('simulator CLI', () => {
  it('prints one stdout line with the URL, the keys on stderr, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('\n')) resolve(stdout.trim());
      });
      child.once('exit', () => reject(new Error(`CLI exited early: ${stderr}`)));
    });
    const match = /^Simulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
    expect(match).not.toBeNull();
    const res = await fetch(`${match?.[1] ?? ''}/v1/models`, {
      headers: { authorization: `Bearer ${SIM_KEYS.full}` },
    });
    expect(res.status).toBe(200);
    expect(stderr).toContain(
      `keys: full=${SIM_KEYS.full} limited=${SIM_KEYS.limited} broke=${SIM_KEYS.broke}`,
    );
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });
});
