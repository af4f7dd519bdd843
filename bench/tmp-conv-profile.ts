import { writeFileSync } from 'node:fs';
import { startApp } from '../test/e2e/app-process.ts';
import { launchChromium } from '../test/e2e/chromium.ts';
import { SIM_KEYS, startSimulator } from '../test/upstream-sim/index.ts';
import { seedConversations } from './conversation-opening.ts';
const sim = await startSimulator();
const app = await startApp({ MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full });
const appToken = new URL(app.uiUrl).searchParams.get('token') ?? '';
const rpc = async (method: string, params?: unknown) => {
  const r = await fetch(`${app.url}/api/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-token': appToken },
    body: JSON.stringify({ method, params }),
  });
  const b = (await r.json()) as { result?: unknown; error?: { message: string } };
  if (b.error) throw new Error(b.error.message);
  return b.result;
};
await rpc('profiles.save', { name: 'Simulator', baseUrl: sim.url, pricingUrl: null });
await seedConversations(rpc);
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.goto(`${app.uiUrl}#/chat`);
await page.getByText('Simulated reply to: "long chat 99"').first().waitFor();
await page.waitForTimeout(1000);
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
const nav = page.getByRole('navigation', { name: 'Conversations' });
for (let i = 0; i < 3; i++) {
  await nav.getByRole('button', { name: /^A short conversation/ }).click();
  await page.getByText('Simulated reply to: "A short conversation"').first().waitFor();
  await page.waitForTimeout(300);
  await browser.startTracing(page, {
    path: `/tmp/conv-trace-${i}.json`,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
    ],
  });
  await cdp.send('Profiler.start');
  await nav.getByRole('button', { name: /^long chat 0/ }).click();
  await page.getByText('Simulated reply to: "long chat 99"').first().waitFor();
  await page.waitForTimeout(800);
  const { profile } = await cdp.send('Profiler.stop');
  await browser.stopTracing();
  writeFileSync(`/tmp/conv-${i}.cpuprofile`, JSON.stringify(profile));
}
await browser.close();
await app.stop();
await sim.close();
