import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import {
  APP_PAGES,
  createToken,
  finishFirstRun,
  openPage,
  seedRequests,
  startSeededApp,
  type SeededApp,
} from './seeded-app.ts';
import { sidewaysOverflows } from './sideways-overflow.ts';

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 800, height: 600 },
];

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

let s: SeededApp;

describe.skipIf(!ready)('every page fits small windows without sideways scrolling', () => {
  beforeAll(async () => {
    s = await startSeededApp('env' in session ? session.env : {});
    await s.page.goto(s.app.uiUrl);
    await s.page.getByRole('button', { name: 'Get started' }).waitFor();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has data to lay out', async () => {
    await finishFirstRun(s);
    await seedRequests(s, await createToken(s, 'layout-client'));
  });

  it('draws the totals over time as bars, one per bucket, not as a curve', async () => {
    await openPage(s.page, 'Usage');
    const cost = s.page.getByRole('figure').filter({ hasText: 'Cost over time' });
    await expect
      .poll(() => cost.locator('svg rect').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    // A curve would be a <path>; bars are rectangles, and each bucket names its value.
    for (const chart of ['Cost over time', 'Tokens over time']) {
      const figure = s.page.getByRole('figure').filter({ hasText: chart });
      expect(await figure.locator('svg path').count(), chart).toBe(0);
      const titles = await figure.locator('svg title').allTextContents();
      expect(
        titles.some((t) => /(Cost: \$|Input: [1-9])/.test(t)),
        chart,
      ).toBe(true);
    }
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await s.page.screenshot({ path: resolve(SCREENSHOT_DIR, 'usage-bars-light.png') });
  });

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}`, async () => {
      await s.page.setViewportSize(viewport);
      const found: string[] = [];
      for (const { name } of APP_PAGES) {
        await openPage(s.page, name);
        await expect
          .poll(() => s.page.locator('[aria-busy="true"], .spin').count(), { timeout: 10_000 })
          .toBe(0);
        await s.page.waitForTimeout(200);
        found.push(...(await s.page.evaluate(sidewaysOverflows)).map((o) => `${name}: ${o}`));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
