import { startApp } from '../test/e2e/app-process.ts';
import { launchChromium } from '../test/e2e/chromium.ts';
import { SIM_KEYS, startSimulator } from '../test/upstream-sim/index.ts';
import { longestConversationOpening, seedConversations } from './conversation-opening.ts';
const PROBE = `
  window.__longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longestTask = Math.max(window.__longestTask, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;
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
for (let i = 0; i < Number(process.env.RUNS ?? 2); i++)
  console.log(JSON.stringify(await longestConversationOpening(browser, app.uiUrl, PROBE, 3)));
await browser.close();
await app.stop();
await sim.close();
