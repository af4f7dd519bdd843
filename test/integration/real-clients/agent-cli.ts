import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The agent CLIs live in a package of their own (test/agents), installed apart from the
 * app's dependencies; their tests skip, saying so, when it has not been installed.
 */
const AGENTS_DIR = resolve(import.meta.dirname, '../../agents');
const AGENTS_INSTALL = 'npm ci --prefix test/agents';

/** A file of an installed agent package, e.g. `@openai/codex/bin/codex.js`. */
export const agentFile = (path: string): string => resolve(AGENTS_DIR, 'node_modules', path);

/** Whether `bin` is installed; when it is not, says how to install it. */
export function agentInstalled(name: string, bin: string): boolean {
  if (existsSync(bin)) return true;
  console.warn(
    `${name} tests skipped: ${bin} is not installed. Install the agent CLIs with \`${AGENTS_INSTALL}\`.`,
  );
  return false;
}

export interface AgentRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

export interface AgentRunOptions {
  /**
   * The CLI's JavaScript entry point, run with the Node that runs the tests, or a native
   * executable (any other file), run as it is.
   */
  bin: string;
  args: string[];
  cwd: string;
  /**
   * The whole environment: nothing of the caller's is inherited (only PATH is added), so
   * the developer's own keys, config and proxy settings cannot reach or steer the CLI.
   */
  env: Record<string, string>;
  timeoutMs: number;
}

/**
 * Runs an agent CLI headless to its end. It gets its own process group, and on timeout the
 * whole group is killed: the CLIs start shells and sandbox helpers of their own.
 */
export function runAgent(options: AgentRunOptions): Promise<AgentRun> {
  const script = /\.[cm]?js$/.test(options.bin);
  const [command, args] = script
    ? [process.execPath, [options.bin, ...options.args]]
    : [options.bin, options.args];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let timedOut = false;
  const killGroup = () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, options.timeoutMs);
  return new Promise((done, fail) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, timedOut, stdout, stderr });
    });
  });
}

/** What to print when a run went wrong: everything the CLI said. */
export const describeRun = (run: AgentRun): string =>
  `exit ${run.code ?? run.signal}${run.timedOut ? ' (timed out, killed)' : ''}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
