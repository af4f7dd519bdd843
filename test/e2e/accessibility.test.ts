import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { SIM_KEYS } from '../upstream-sim/index.ts';
import { seriousWcagViolations } from './axe-wcag.ts';
import { chromiumAvailable } from './chromium.ts';
import { invisibleFocusStops } from './focus-visibility.ts';
import {
  APP_PAGES,
  createToken,
  openPage,
  seedRequests,
  startSeededApp,
  type SeededApp,
} from './seeded-app.ts';

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

const THEMES = ['light', 'dark'] as const;

let s: SeededApp;
let page: Page;

/** Forces the theme as the app does (`data-theme` on <html>) and as the system would. */
async function useTheme(theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
  // Buttons fade their colours (0.12 s): read them once the fade is over.
  await page.waitForTimeout(300);
}

/** Lets the page settle: data loaded, spinners gone. */
async function settle(): Promise<void> {
  await expect
    .poll(() => page.locator('[aria-busy="true"], .spin').count(), { timeout: 10_000 })
    .toBe(0);
  await page.waitForTimeout(200);
}

describe.skipIf(!ready)('accessibility (axe-core, WCAG 2.1 AA) in both themes', () => {
  beforeAll(async () => {
    s = await startSeededApp('env' in session ? session.env : {});
    page = s.page;
    await page.goto(s.app.uiUrl);
    await page.getByRole('heading', { name: 'Welcome to Model Gateway' }).waitFor();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the first-run wizard has no serious or critical violations, at every step', async () => {
    const found: string[] = [];
    const scan = async (step: string) => {
      for (const theme of THEMES) {
        await useTheme(theme);
        found.push(...(await seriousWcagViolations(page)).map((v) => `${step}, ${theme}: ${v}`));
      }
    };
    await scan('welcome');
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByLabel('Base URL').waitFor();
    await scan('upstream');
    await page.getByLabel('Base URL').fill(s.sim.url);
    await page.getByLabel('Upstream API key').fill(SIM_KEYS.full);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Connected').first().waitFor({ timeout: 15_000 });
    await scan('connection test');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Go to Chat' }).waitFor();
    await scan('done');
    expect(found, found.join('\n')).toEqual([]);
    await page.getByRole('button', { name: 'Go to Chat' }).click();
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    const token = await createToken(s, 'a11y-client');
    await seedRequests(s, token);
  });

  for (const theme of THEMES) {
    it(`every page has no serious or critical violations (${theme})`, async () => {
      await useTheme(theme);
      const found: string[] = [];
      for (const { name } of APP_PAGES) {
        await openPage(page, name);
        await settle();
        found.push(...(await seriousWcagViolations(page)).map((v) => `${name}: ${v}`));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  it('every control shows that it has the keyboard focus', async () => {
    const found: string[] = [];
    for (const theme of THEMES) {
      await useTheme(theme);
      for (const { name } of APP_PAGES) {
        await openPage(page, name);
        await settle();
        found.push(
          ...(await invisibleFocusStops(page)).map((stop) => `${name}, ${theme}: ${stop}`),
        );
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('moves the focus to the heading of the page the sidebar opened', async () => {
    for (const { name } of APP_PAGES) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
      await expect
        .poll(() =>
          page.evaluate(() => {
            const focused = document.activeElement;
            return focused?.tagName === 'H1' ? focused.textContent : (focused?.tagName ?? null);
          }),
        )
        .toBe(name);
    }
  });
});
