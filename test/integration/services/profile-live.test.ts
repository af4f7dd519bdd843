import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/store/index.ts';
import { startApp, type RunningApp } from '../../e2e/app-process.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../upstream-sim/index.ts';

/**
 * A profile changed by another process (the CLI's `key set --upstream`, a second app) reaches a
 * running app within seconds, as tokens and settings already did (issue 13, finding 1): here a
 * second connection to the app's database plays the CLI.
 */
let simA: RunningSimulator;
let simB: RunningSimulator;
let app: RunningApp;
let cli: Store;
let token: string;

beforeAll(async () => {
  [simA, simB] = await Promise.all([startSimulator(), startSimulator()]);
  app = await startApp({ MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full });
  cli = openStore(app.dataDir);
  token = cli.tokens.create('profile-live').token;
});
afterAll(async () => {
  cli?.close();
  await app?.stop();
  await simA?.close();
  await simB?.close();
});

/** Asks for the model list until `upstream` has served one to the gateway. */
async function servedBy(upstream: RunningSimulator): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    upstream.clearJournal();
    const res = await fetch(`${app.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-chat', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await res.text();
    if (res.status === 200 && upstream.journal.some((e) => e.path.includes('chat/completions')))
      return;
    if (Date.now() > deadline)
      throw new Error(`not served by ${upstream.url} (last ${res.status})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a profile changed under a running app', () => {
  it('is used within seconds: a new active profile, then its URL changed', async () => {
    const profile = cli.profiles.create({ name: 'from the CLI', baseUrl: simA.url });
    cli.profiles.setActive(profile.id);
    await servedBy(simA);
    cli.profiles.update(profile.id, { baseUrl: simB.url });
    await servedBy(simB);
    // Once switched, the old upstream hears nothing more.
    simA.clearJournal();
    await servedBy(simB);
    expect(simA.journal).toHaveLength(0);
  }, 30_000);
});
