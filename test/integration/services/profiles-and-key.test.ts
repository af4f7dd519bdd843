import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createKeychain } from '../../../electron/secrets/keychain.ts';
import { applyEnv, keychainTestEnv } from '../../keychain-session.ts';
import { SIM_KEYS, SIM_MODELS } from '../../upstream-sim/index.ts';
import { startServices, toolToken, type ServicesFixture } from './services-fixture.ts';

// Real keychain: a private gnome-keyring on a private D-Bus, started by test/global-setup.ts.
const session = keychainTestEnv(inject('keychainEnv'));
const SERVICE = `model-gateway-test-services-${process.pid}`;

if ('skipped' in session) it.skip(session.skipped, () => {});

describe.skipIf(!('env' in session))('profiles and the upstream key (real keychain)', () => {
  let restore: () => void = () => {};
  let fx: ServicesFixture;
  let token: string;
  let profileId: string;
  const keychain = () => createKeychain(SERVICE);
  const models = () =>
    fetch(`${fx.services.status().gateway.url}/v1/models`, {
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    // The keyring library binds D-Bus once per process: the session env comes first.
    restore = applyEnv('env' in session ? session.env : {});
    fx = await startServices({ env: {}, keychain: keychain(), withProfile: false });
    token = await toolToken(fx, 'key-test');
  });
  afterAll(async () => {
    await fx.close();
    restore();
  });

  it('starts in first run: gateway listening, no upstream yet', async () => {
    const status = await fx.call('app.status');
    expect(status).toMatchObject({
      firstRun: true,
      activeProfile: null,
      keySource: 'none',
      keychainProblem: null,
      shell: 'desktop',
      version: 'test',
    });
    expect(status.gateway).toMatchObject({ running: true, errorCode: 'no_upstream' });
    const refused = await models();
    expect(refused.status).toBe(503);
  });

  it('a saved profile without a key is still first run, and says the key is missing', async () => {
    const profile = await fx.call('profiles.save', {
      name: 'Work',
      baseUrl: fx.sim.url,
      pricingUrl: null,
    });
    profileId = profile.id;
    expect(profile.active).toBe(true);
    const status = await fx.call('app.status');
    expect(status).toMatchObject({ firstRun: true, activeProfile: { id: profile.id } });
    expect(status.gateway.errorCode).toBe('no_key');
    expect(status.gateway.error).toContain("profile 'Work'");
    await fx.waitForEvent('gateway.status', (s) => s.errorCode === 'no_key');
  });

  it('key.set stores the key in the keychain only and the gateway uses it at once', async () => {
    const urlBefore = fx.services.status().gateway.url;
    const status = await fx.call('key.set', { profileId, key: `  ${SIM_KEYS.full}\n` });
    expect(status).toMatchObject({ firstRun: false, keySource: 'keychain', keychainProblem: null });
    expect(status.gateway).toMatchObject({ running: true, url: urlBefore, errorCode: null });
    await fx.waitForEvent('gateway.status', (s) => s.errorCode === null);
    expect(JSON.stringify(status)).not.toContain(SIM_KEYS.full);
    expect(await keychain().get(`upstream-key:${profileId}`)).toBe(SIM_KEYS.full);
    expect((await models()).status).toBe(200);
    // Nowhere in the data dir, nowhere in the app's log.
    for (const file of readdirSync(fx.dataDir))
      expect(readFileSync(join(fx.dataDir, file)).includes(SIM_KEYS.full)).toBe(false);
    expect(fx.logLines.join('\n')).not.toContain(SIM_KEYS.full);
  });

  it('upstream.test reports the model count with a good key, the upstream’s words with a bad one', async () => {
    const ok = await fx.call('upstream.test', {});
    expect(ok).toMatchObject({ ok: true, modelCount: SIM_MODELS.length });
    expect(ok.message).toContain(`${SIM_MODELS.length} models`);
    await fx.call('key.set', { profileId, key: 'sim-key-wrong-9999' });
    const bad = await fx.call('upstream.test', { profileId });
    expect(bad.ok).toBe(false);
    expect(bad.message).toContain('401');
    expect(bad.message).toContain('Invalid or missing API key');
    expect(bad.message).not.toContain('sim-key-wrong-9999');
  });

  it('a different key changes the models the gateway lists', async () => {
    await fx.call('key.set', { profileId, key: SIM_KEYS.limited });
    const listed = await fx.call('models.list', {});
    expect(listed.map((m) => m.id).sort()).toEqual(['sim-chat', 'sim-gemini']);
  });

  it('refuses a malformed key without echoing it', async () => {
    const error = await fx
      .call('key.set', { profileId, key: 'two words' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_request' });
    expect((error as Error).message).not.toContain('two words');
    await expect(fx.call('key.set', { profileId: 'prof_nope', key: 'abc' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('key.clear removes it: the gateway answers 503 again', async () => {
    const status = await fx.call('key.clear', { profileId });
    expect(status).toMatchObject({ firstRun: true, keySource: 'none' });
    expect(status.gateway.errorCode).toBe('no_key');
    expect(await keychain().get(`upstream-key:${profileId}`)).toBeNull();
    expect((await models()).status).toBe(503);
  });

  it('switches profiles, and deleting one removes its keychain entry', async () => {
    await fx.call('key.set', { profileId, key: SIM_KEYS.full });
    const other = await fx.call('profiles.save', {
      name: 'Home',
      baseUrl: fx.sim.url,
      pricingUrl: `${fx.sim.url}/api/pricing`,
    });
    expect(other.active).toBe(false);
    await fx.call('key.set', { profileId: other.id, key: SIM_KEYS.limited });
    const switched = await fx.call('profiles.activate', { id: other.id });
    expect(switched.activeProfile?.name).toBe('Home');
    expect((await fx.call('models.list', {})).length).toBe(2);
    await fx.call('profiles.delete', { id: other.id });
    expect(await keychain().get(`upstream-key:${other.id}`)).toBeNull();
    const status = await fx.call('app.status');
    expect(status.activeProfile?.name).toBe('Work');
    expect((await fx.call('models.list', {})).length).toBe(SIM_MODELS.length);
    expect((await fx.call('profiles.list')).map((p) => p.name)).toEqual(['Work']);
  });

  it('refuses a profile name twice and URLs that carry credentials', async () => {
    await expect(
      fx.call('profiles.save', { name: 'Work', baseUrl: fx.sim.url, pricingUrl: null }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      fx.call('profiles.save', {
        name: 'Leaky',
        baseUrl: 'https://user:secret@example.com',
        pricingUrl: null,
      }),
    ).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/base URL/) });
  });
});
