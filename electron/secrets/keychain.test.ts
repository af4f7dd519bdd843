import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyEnv, keychainTestEnv, startKeychainSession } from '../../test/keychain-session.ts';
import { createKeychain, type SecretStore } from './keychain.ts';

// Real keychain only: a private gnome-keyring on a private D-Bus, started by test/global-setup.ts.
const session = keychainTestEnv(inject('keychainEnv'));
const run = promisify(execFile);
// A service name of its own, so files running side by side on the same keyring never collide.
const SERVICE = `model-gateway-test-keychain-${process.pid}`;
const KEYCHAIN_MODULE = fileURLToPath(new URL('./keychain.ts', import.meta.url));

if ('skipped' in session) it.skip(session.skipped, () => {});

describe.skipIf(!('env' in session))('createKeychain (real Secret Service)', () => {
  const env = 'env' in session ? session.env : {};
  let restore: () => void = () => {};
  let keychain: SecretStore;

  beforeAll(() => {
    // The library reads DBUS_SESSION_BUS_ADDRESS from this process's environment, once, at its
    // first use: it must be set before any keychain call in this worker.
    restore = applyEnv(env);
    keychain = createKeychain(SERVICE);
  });
  afterAll(() => restore());
  afterEach(async () => {
    await keychain.delete('alice');
    await keychain.delete('bob');
  });

  it('stores, reads and deletes a secret', async () => {
    expect(await keychain.get('alice')).toBeNull();
    await keychain.set('alice', 'sk-alice-1');
    expect(await keychain.get('alice')).toBe('sk-alice-1');
    expect(await keychain.delete('alice')).toBe(true);
    expect(await keychain.get('alice')).toBeNull();
    expect(await keychain.delete('alice')).toBe(false);
  });

  it('overwrites instead of adding a second item', async () => {
    await keychain.set('alice', 'first');
    await keychain.set('alice', 'second');
    expect(await keychain.get('alice')).toBe('second');
    expect(await keychain.delete('alice')).toBe(true);
    expect(await keychain.get('alice')).toBeNull();
  });

  it('keeps accounts and services apart', async () => {
    await keychain.set('alice', 'a-secret');
    await keychain.set('bob', 'b-secret');
    expect(await keychain.get('alice')).toBe('a-secret');
    expect(await keychain.get('bob')).toBe('b-secret');
    expect(await createKeychain(`${SERVICE}-other`).get('alice')).toBeNull();
    await keychain.delete('alice');
    expect(await keychain.get('bob')).toBe('b-secret');
  });

  it('keeps secrets byte for byte, including non-ASCII and long ones', async () => {
    const secret = `ключ-${'x'.repeat(4000)}-🔑`;
    await keychain.set('alice', secret);
    expect(await keychain.get('alice')).toBe(secret);
  });

  it('writes into the Secret Service, where other clients (secret-tool) find it', async () => {
    // Proves the item is in the Secret Service and not in the kernel keyring fallback.
    await keychain.set('alice', 'visible-to-secret-tool');
    const { stdout } = await run(
      'secret-tool',
      ['lookup', 'service', SERVICE, 'username', 'alice'],
      {
        env: { ...process.env, ...env },
      },
    );
    expect(stdout).toBe('visible-to-secret-tool');
    const found = await run('secret-tool', ['search', 'service', SERVICE, 'username', 'alice'], {
      env: { ...process.env, ...env },
    });
    expect(`${found.stdout}${found.stderr}`).toMatch(/attribute\.service = model-gateway-test/);
  });

  it('fails with KeychainUnavailableError, never falling back, when no bus is reachable', async () => {
    const result = await inFreshProcess(
      { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
      `await keychain.set('alice', 'nowhere');`,
    );
    expect(result).toMatchObject({ error: 'KeychainUnavailableError', problem: 'no-service' });
    expect(result.message).toContain('No Secret Service is running (GNOME Keyring or KWallet)');
    expect(result.message).toContain('MODEL_GATEWAY_UPSTREAM_KEY');
    // Unpinned, the library would have gone to the kernel keyring instead of failing on D-Bus.
    expect(result.cause).toMatch(/DBus error: Failed to connect/);
  });

  it('says the keyring is locked when its collection is locked', async () => {
    // A session of its own: locking the shared one would break files running alongside.
    const own = await startKeychainSession();
    if ('unavailable' in own) throw new Error(own.unavailable);
    try {
      const stored = await inFreshProcess(own.env, `await keychain.set('alice', 'before-lock');`);
      expect(stored).toEqual({ ok: true });
      await run(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.Lock',
          'array:objpath:/org/freedesktop/secrets/collection/login',
        ],
        { env: { ...process.env, ...own.env } },
      );
      for (const op of [`await keychain.get('alice');`, `await keychain.set('alice', 'x');`]) {
        const result = await inFreshProcess(own.env, op);
        expect(result).toMatchObject({ error: 'KeychainUnavailableError', problem: 'locked' });
        expect(result.message).toMatch(/locked/);
        expect(result.cause).toMatch(/prompt was dismissed/);
      }
    } finally {
      await own.stop();
    }
  });
});

interface ChildResult {
  ok?: true;
  error?: string;
  problem?: string;
  message?: string;
  cause?: string;
}

/**
 * Runs `body` (with `keychain` in scope) in a new Node process. The library connects to the
 * session bus once per process and keeps that outcome, good or bad, for the process's life: a
 * different bus can only be tried from a fresh process.
 */
async function inFreshProcess(vars: Record<string, string>, body: string): Promise<ChildResult> {
  const script = `
    const { createKeychain } = await import(${JSON.stringify(KEYCHAIN_MODULE)});
    const keychain = createKeychain(${JSON.stringify(SERVICE)});
    try {
      ${body}
      console.log(JSON.stringify({ ok: true }));
    } catch (e) {
      console.log(JSON.stringify({ error: e.name, problem: e.problem, message: e.message, cause: e.cause?.message }));
    }`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...vars },
    timeout: 15_000,
  });
  return JSON.parse(stdout) as ChildResult;
}
