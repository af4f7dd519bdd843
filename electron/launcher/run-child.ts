import { spawn, type StdioOptions } from 'node:child_process';
import { constants } from 'node:os';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs a child to its end and resolves with the exit status to pass on (128 + signal number
 * when it was killed, as shells report it).
 *
 * On POSIX the child gets its own process group, so a Ctrl-C at the terminal reaches it once,
 * through us: the terminal signals the whole foreground group and npm forwards the signal as
 * well, and a second SIGINT a moment after the first would cut short the app's graceful close.
 * Duplicates within half a second are therefore dropped; a later Ctrl-C is passed on, and the
 * app treats it as "stop now".
 */
export function runChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdio: StdioOptions },
): Promise<number> {
  const child = spawn(command, args, { ...options, detached: process.platform !== 'win32' });
  let lastForward = 0;
  const forward = (signal: NodeJS.Signals): void => {
    const now = Date.now();
    if (now - lastForward < 500) return;
    lastForward = now;
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  // If we exit first (an error of our own), do not leave the app running unseen.
  const killOnExit = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.on('exit', killOnExit);

  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      cleanup();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      cleanup();
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });

  function cleanup(): void {
    for (const signal of FORWARDED) process.off(signal, forward);
    process.off('exit', killOnExit);
  }
}
