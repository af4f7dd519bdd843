import { afterEach, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../../upstream-sim/index.ts';
import { startServices, type ServicesFixture } from './services-fixture.ts';

/**
 * The upstream's health as the app's contract carries it: `upstream.health` (which keeps the
 * background checks going), `upstream.recheck`, the `upstream.health` event, and the
 * environment's defaults for the first-run form. The key reaches neither the results nor the log.
 */
const fixtures: ServicesFixture[] = [];
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close();
});

async function services(options: Parameters<typeof startServices>[0] = {}) {
  const fx = await startServices(options);
  fixtures.push(fx);
  return fx;
}

describe('upstream health over the contract', () => {
  it('is checked once a UI asks, and announced', async () => {
    const fx = await services();
    const first = await fx.call('upstream.health');
    expect(['checking', 'ok']).toContain(first.state);
    const ok = await fx.waitForEvent('upstream.health', (h) => h.state === 'ok');
    expect(ok).toMatchObject({ baseUrl: fx.sim.url, httpStatus: 200 });
  });

  it('turns unreachable when a chat answer fails because the upstream stopped', async () => {
    const fx = await services();
    await fx.call('upstream.health');
    await fx.waitForEvent('upstream.health', (h) => h.state === 'ok');
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    await fx.sim.close();
    await fx.call('chat.send', { conversationId: conversation.id, content: 'hello?' });
    const down = await fx.waitForEvent('upstream.health', (h) => h.state === 'unreachable');
    expect(down.detail).toContain('connection refused');
  });

  it('says a rejected key, and starts over when the key changes', async () => {
    const wrongKey = 'sim-key-wrong-0000';
    const fx = await services({ env: {} });
    const profile = (await fx.call('profiles.list'))[0]!;
    await fx.call('key.set', { profileId: profile.id, key: wrongKey });
    const rejected = await fx.call('upstream.recheck');
    expect(rejected).toMatchObject({ state: 'key_rejected', httpStatus: 401 });
    await fx.call('key.set', { profileId: profile.id, key: SIM_KEYS.full });
    expect((await fx.call('upstream.health')).state).toBe('checking');
    await fx.waitForEvent('upstream.health', (h) => h.state === 'ok');
    const seen = JSON.stringify(fx.events) + fx.logLines.join('\n');
    expect(seen).not.toContain(wrongKey);
    expect(seen).not.toContain(SIM_KEYS.full);
  });

  it('is not configured without a key', async () => {
    const fx = await services({ env: {} });
    expect(await fx.call('upstream.recheck')).toMatchObject({ state: 'not_configured' });
  });

  it('gives the environment’s upstream for the first-run form, never the key', async () => {
    const fx = await services({
      withProfile: false,
      env: {
        MODEL_GATEWAY_UPSTREAM: ' https://upstream.example/api ',
        MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
      },
    });
    expect(await fx.call('upstream.defaults')).toEqual({
      baseUrl: 'https://upstream.example/api',
      pricingUrl: null,
      keyInEnvironment: true,
    });
    const bare = await services({ withProfile: false, env: {} });
    expect(await bare.call('upstream.defaults')).toEqual({
      baseUrl: null,
      pricingUrl: null,
      keyInEnvironment: false,
    });
  });
});
