import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore } from '../../electron/store/index.ts';
import { keychainTestEnv } from '../keychain-session.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { runCli, type CliProcess } from './cli-process.ts';

let sim: RunningSimulator;
const running: CliProcess[] = [];
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string> = {}, stdin?: string): CliProcess {
  const p = runCli(args, env, stdin);
  running.push(p);
  return p;
}

async function done(p: CliProcess): Promise<string> {
  const code = await p.exit();
  if (code !== 0) throw new Error(`exit ${code}: ${p.stderr()}`);
  return p.stdout();
}

const chat = (url: string, token: string) =>
  new OpenAI({ apiKey: token, baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create({
    model: 'sim-chat',
    messages: [{ role: 'user', content: 'hi' }],
  });

describe('model-gateway token', () => {
  it('creates a named token shown once, attributes usage to it, lists it and revokes it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mg-token-'));
    const token = (await done(start(['token', 'create', 'editor', '--data-dir', dataDir]))).trim();
    expect(token).toMatch(/^mgw_/);
    expect(await done(start(['token', 'list', '--data-dir', dataDir]))).toMatch(
      /editor\s+mgw_\S+…\s+created .* active/,
    );

    const gw = start(['serve', '--upstream', sim.url, '--port', '0', '--data-dir', dataDir], {
      MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
      MODEL_GATEWAY_TOKEN: '',
    });
    const [, url] = await gw.line(/^Gateway listening on (\S+)\n/);
    // A token existed, so none was created and none printed.
    expect(gw.stderr()).not.toMatch(/shown once/);
    await chat(url!, token);
    gw.child.kill('SIGTERM');
    await gw.exit();

    const store = openStore(dataDir);
    const rows = store.requestLog.searchLog({ client: 'editor' }, { limit: 10 }).rows;
    store.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.clientTokenId).toMatch(/^tok_/);

    expect(await done(start(['token', 'revoke', 'editor', '--data-dir', dataDir]))).toMatch(
      /revoked/,
    );
    const again = start(['serve', '--upstream', sim.url, '--port', '0', '--data-dir', dataDir], {
      MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
      MODEL_GATEWAY_TOKEN: '',
    });
    const [, url2] = await again.line(/^Gateway listening on (\S+)\n/);
    await expect(chat(url2!, token)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });
});

const session = keychainTestEnv(inject('keychainEnv'));
if ('skipped' in session) it.skip(session.skipped, () => {});

describe.skipIf(!('env' in session))('model-gateway key (real Secret Service)', () => {
  const env = {
    ...('env' in session ? session.env : {}),
    MODEL_GATEWAY_UPSTREAM_KEY: '',
    MODEL_GATEWAY_TOKEN: 'mgw_key_test_token_0000000000',
  };

  it('stores the key from stdin in the keychain, serves with it, and clears it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mg-key-'));
    expect(
      await done(
        start(
          ['key', 'set', '--upstream', sim.url, '--data-dir', dataDir],
          env,
          `${SIM_KEYS.full}\n`,
        ),
      ),
    ).toMatch(/stored in the OS keychain/);
    expect(await done(start(['key', 'status', '--data-dir', dataDir], env))).toMatch(
      /key from the keychain/,
    );

    // No --upstream and no key in the environment: the profile and the keychain supply both.
    const gw = start(['serve', '--port', '0', '--data-dir', dataDir], env);
    const [, url] = await gw.line(/^Gateway listening on (\S+)\n/);
    expect(gw.stderr()).toMatch(/key from the keychain/);
    const answer = await chat(url!, env.MODEL_GATEWAY_TOKEN);
    expect(answer.choices[0]?.message.content).toContain('hi');
    gw.child.kill('SIGTERM');
    await gw.exit();
    expect(gw.stderr() + gw.stdout()).not.toContain(SIM_KEYS.full);

    expect(await done(start(['key', 'clear', '--data-dir', dataDir], env))).toMatch(/removed/);
    expect(await done(start(['key', 'status', '--data-dir', dataDir], env))).toMatch(
      /no key stored/,
    );
    const refused = start(['serve', '--port', '0', '--data-dir', dataDir], env);
    expect(await refused.exit()).toBe(2);
    expect(refused.stderr()).toMatch(/No key stored for profile 'default'/);
  });

  it('explains a missing Secret Service instead of falling back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mg-nokey-'));
    const p = start(
      ['key', 'set', '--upstream', sim.url, '--data-dir', dataDir],
      { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      'whatever\n',
    );
    expect(await p.exit()).toBe(1);
    expect(p.stderr()).toMatch(/Secret Service/);
  });
});
