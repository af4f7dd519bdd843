import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type ServicesFixture } from './services-fixture.ts';
import { freePort } from './free-port.ts';
import { SIM_MODELS } from '../../upstream-sim/index.ts';

// The key from the environment: no keychain involved, as on a headless machine.
let fx: ServicesFixture;
beforeAll(async () => {
  fx = await startServices();
});
afterAll(() => fx.close());

describe('upstream.test with the key from the environment', () => {
  it('reports ok, the model count and the latency', async () => {
    const result = await fx.call('upstream.test', {});
    expect(result).toMatchObject({ ok: true, state: 'ok', modelCount: SIM_MODELS.length });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect((await fx.call('app.status')).keySource).toBe('environment');
  });

  it('says when the upstream cannot be reached', async () => {
    const port = await freePort();
    const offline = await fx.call('profiles.save', {
      name: 'Offline',
      baseUrl: `http://127.0.0.1:${port}`,
      pricingUrl: null,
    });
    const result = await fx.call('upstream.test', { profileId: offline.id });
    expect(result).toMatchObject({ ok: false, state: 'unreachable', modelCount: 0 });
    expect(result.message).toContain(`Cannot connect to http://127.0.0.1:${port}`);
  });

  it('passes on the upstream’s own words for a rejected key, never the key', async () => {
    const wrongKey = 'sim-key-wrong-0000';
    const wrong = await startServices({ env: { MODEL_GATEWAY_UPSTREAM_KEY: wrongKey } });
    try {
      const result = await wrong.call('upstream.test', {});
      expect(result).toMatchObject({ ok: false, state: 'key_rejected' });
      expect(result.message).toContain(
        'Invalid or missing API key. Send Authorization: Bearer <key> (simulated upstream).',
      );
      expect(result.message).not.toContain(wrongKey);
    } finally {
      await wrong.close();
    }
  });

  it('needs a profile', async () => {
    const bare = await startServices({ withProfile: false });
    try {
      const status = await bare.call('app.status');
      expect(status).toMatchObject({ firstRun: true, keySource: 'environment' });
      await expect(bare.call('upstream.test', {})).rejects.toMatchObject({ code: 'no_upstream' });
    } finally {
      await bare.close();
    }
  });
});
