import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';

const BIN = resolve(import.meta.dirname, '../../bin/model-gateway.ts');

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout line matching `pattern`. */
  line(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exit(): Promise<number | null>;
}

/** Runs `model-gateway <args>` as a real process with the same Node as the tests. */
export function runCli(args: string[], env: Record<string, string> = {}, stdin = ''): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  // Commands that read stdin (key set) see its end instead of waiting for a terminal.
  child.stdin.end(stdin);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    async line(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(out);
        if (match) return match;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`no line ${pattern} in stdout: ${out}\nstderr: ${err}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    exit: () => exited,
  };
}
