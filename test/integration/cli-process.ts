import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { GATEWAY_V8_FLAGS } from '../../electron/launcher/gateway-v8-flags.ts';

const BIN = resolve(import.meta.dirname, '../../bin/model-gateway.ts');

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout line matching `pattern`. */
  line(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exit(): Promise<number | null>;
}

export interface CliSpawnOptions {
  /** More Node flags (e.g. the heap probe's). */
  nodeFlags?: readonly string[];
  /** Opens an IPC channel to the process (the heap probe answers over it). */
  ipc?: boolean;
}

/**
 * Runs `model-gateway <args>` as a real process with the same Node as the tests, and the V8
 * flags the bin's shebang gives it when run as a program.
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  stdin = '',
  options: CliSpawnOptions = {},
): CliProcess {
  const child = spawn(
    process.execPath,
    [...GATEWAY_V8_FLAGS, ...(options.nodeFlags ?? []), BIN, ...args],
    {
      env: { ...process.env, ...env },
      stdio: options.ipc ? ['pipe', 'pipe', 'pipe', 'ipc'] : 'pipe',
    },
  ) as ChildProcessWithoutNullStreams;
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
