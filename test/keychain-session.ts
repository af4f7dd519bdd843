import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { access, constants, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A private, unlocked Secret Service for tests: its own D-Bus session bus and gnome-keyring
 * daemon under a temporary HOME, so tests exercise the real keychain code path without touching
 * the developer's keyring (or needing a desktop session on CI).
 */

export interface KeychainSession {
  /** Variables pointing a client at this keychain: DBUS_SESSION_BUS_ADDRESS, HOME, XDG_*. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** What the global setup hands to test files (it must be serialisable, hence no `stop`). */
export type KeychainSessionInfo = { env: Record<string, string> } | { unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    keychainEnv: KeychainSessionInfo;
  }
}

const PASSWORD = 'pw';
const START_TIMEOUT_MS = 10_000;
const run = promisify(execFile);

async function onPath(command: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      await access(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => fail(`${what} printed no address within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    function fail(message: string): void {
      clearTimeout(timer);
      reject(new Error(`${message}. stderr: ${err.trim()}`));
    }
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const end = out.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, end).trim());
      }
    });
    child.once('error', (error) => fail(`${what} failed to start: ${error.message}`));
    child.once('exit', (code) => fail(`${what} exited (${code})`));
  });
}

async function dbusSend(env: Record<string, string>, args: string[]): Promise<string> {
  const { stdout } = await run('dbus-send', ['--session', '--print-reply', ...args], {
    env,
    timeout: 2000,
  });
  return stdout;
}

/** Polls until `check` returns true; the keyring daemon gives no other sign of being ready. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${START_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the session. `{ unavailable }` when this machine cannot host one: not Linux, or
 * dbus-daemon, dbus-send or gnome-keyring-daemon missing or failing to start.
 */
export async function startKeychainSession(): Promise<KeychainSession | { unavailable: string }> {
  if (process.platform !== 'linux')
    return { unavailable: `a private keychain session needs Linux, this is ${process.platform}` };
  for (const [command, pkg] of [
    ['dbus-daemon', 'dbus'],
    ['dbus-send', 'dbus'],
    ['gnome-keyring-daemon', 'gnome-keyring'],
  ] as const) {
    if (!(await onPath(command)))
      return { unavailable: `${command} is not installed (Debian/Ubuntu: apt-get install ${pkg})` };
  }

  const root = await mkdtemp(join(tmpdir(), 'mg-keychain-'));
  // Every XDG directory moves under the temporary HOME: with the developer's XDG_DATA_HOME or
  // XDG_RUNTIME_DIR inherited, the daemon would write into their real keyrings or sockets.
  const dirs = {
    HOME: root,
    XDG_DATA_HOME: join(root, '.local/share'),
    XDG_CONFIG_HOME: join(root, '.config'),
    XDG_CACHE_HOME: join(root, '.cache'),
    XDG_RUNTIME_DIR: join(root, 'runtime'),
  };
  for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true, mode: 0o700 });
  // No DISPLAY or WAYLAND_DISPLAY: a prompt (say, to unlock a locked keyring) must fail at once
  // instead of popping up on the developer's screen. D-Bus-activated helpers inherit this env.
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...dirs };

  let bus: ChildProcess | undefined;
  let keyring: ChildProcess | undefined;
  // Should the test run end without teardown (an uncaught error, process.exit), the daemons
  // must not outlive it: dbus-daemon has no notion of its parent going away.
  const onExit = (): void => {
    keyring?.kill('SIGTERM');
    bus?.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  async function stop(): Promise<void> {
    process.off('exit', onExit);
    await stopProcess(keyring);
    await stopProcess(bus);
    await rm(root, { recursive: true, force: true });
  }

  try {
    bus = spawn(
      'dbus-daemon',
      [
        '--session',
        '--nofork',
        '--nopidfile',
        '--print-address=1',
        `--address=unix:path=${join(root, 'bus')}`,
      ],
      { env: base, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const address = await firstLine(bus, 'dbus-daemon');
    const env: Record<string, string> = { ...base, DBUS_SESSION_BUS_ADDRESS: address };

    // --foreground keeps it our child, so stop() can end it by its pid. --unlock reads the login
    // keyring's password from stdin and creates that keyring, unlocked, as the default collection.
    keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let printed = '';
    keyring.stdout?.setEncoding('utf8').on('data', (d: string) => (printed += d));
    let complaints = '';
    keyring.stderr?.setEncoding('utf8').on('data', (d: string) => (complaints += d));
    keyring.stdin?.end(PASSWORD);
    const died = once(keyring, 'exit').then(([code]) => {
      throw new Error(`gnome-keyring-daemon exited (${String(code)}): ${complaints.trim()}`);
    });
    died.catch(() => {});
    // Asking org.freedesktop.secrets before the daemon owns the name would make D-Bus activate
    // a second, locked daemon from the service file; so first wait for the name itself.
    const ready = (async () => {
      await waitFor('gnome-keyring-daemon did not claim org.freedesktop.secrets', async () =>
        (
          await dbusSend(env, [
            '--dest=org.freedesktop.DBus',
            '/org/freedesktop/DBus',
            'org.freedesktop.DBus.NameHasOwner',
            'string:org.freedesktop.secrets',
          ])
        ).includes('boolean true'),
      );
      await waitFor('gnome-keyring-daemon has no default collection', async () =>
        /object path "\/org\/freedesktop\/secrets\/collection\//.test(
          await dbusSend(env, [
            '--dest=org.freedesktop.secrets',
            '/org/freedesktop/secrets',
            'org.freedesktop.Secret.Service.ReadAlias',
            'string:default',
          ]),
        ),
      );
    })();
    await Promise.race([ready, died]);

    // Without --foreground it prints GNOME_KEYRING_CONTROL=...; keep whatever it printed.
    for (const line of printed.split('\n')) {
      const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (match?.[1] && match[2] !== undefined) env[match[1]] = match[2];
    }
    const control = join(dirs.XDG_RUNTIME_DIR, 'keyring');
    if (
      !env.GNOME_KEYRING_CONTROL &&
      (await access(control).then(
        () => true,
        () => false,
      ))
    )
      env.GNOME_KEYRING_CONTROL = control;
    const { PATH: _path, LANG: _lang, ...session } = env;
    return { env: session, stop };
  } catch (error) {
    await stop();
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
}

function ciRequiresKeychain(ci: string | undefined): boolean {
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * For a keychain test file: the session's env, or why the tests skip. On CI (`CI` set) a missing
 * session throws instead, failing the file: CI exists to run these tests.
 */
export function keychainTestEnv(
  provided: KeychainSessionInfo | undefined,
  ci: string | undefined = process.env.CI,
): { env: Record<string, string> } | { skipped: string } {
  const reason =
    provided === undefined
      ? "no keychain session was provided (add 'test/global-setup.ts' to globalSetup in vitest.config.ts)"
      : 'unavailable' in provided
        ? provided.unavailable
        : undefined;
  if (reason === undefined && provided && 'env' in provided) return { env: provided.env };
  const message = `keychain tests need a Secret Service session: ${reason}`;
  if (ciRequiresKeychain(ci)) throw new Error(`${message}. CI must run them.`);
  return { skipped: message };
}

/** Sets variables in process.env (which the keyring library reads); returns the undo. */
export function applyEnv(vars: Record<string, string>): () => void {
  const saved = new Map(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
