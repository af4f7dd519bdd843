import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import { finishFirstRun, startSeededApp, type SeededApp } from './seeded-app.ts';
import { wcagViolationsInBothThemes } from './wcag-both-themes.ts';

/**
 * Settings → Updates in the headless app: it never updates itself and says so, while the switch
 * (what the packaged desktop app obeys) is kept like any setting, across a reload.
 */

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

const SWITCH = 'Check for updates automatically';

let s: SeededApp;
let page: Page;

async function openUpdates(): Promise<void> {
  await page.goto(`${s.app.uiUrl.split('#')[0]}#/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByText('Updates').click();
  await page.getByRole('heading', { level: 2, name: 'Updates' }).waitFor();
}

const updates = () => page.getByRole('region', { name: 'Updates' });

describe.skipIf(!ready)('Settings → Updates in the headless app', () => {
  beforeAll(async () => {
    s = await startSeededApp('env' in session ? session.env : {});
    page = s.page;
  }, 60_000);
  afterAll(() => s?.close());

  it('says updates are not available in this mode, with nothing to check', async () => {
    await finishFirstRun(s);
    await openUpdates();
    await expect
      .poll(() => updates().getByRole('status').textContent())
      .toMatch(/^Updates are not available in this mode: the headless app never updates itself/);
    expect(await updates().getByRole('button').count()).toBe(0);
    expect(await s.rpc('updates.status')).toEqual({ state: 'unavailable', reason: 'headless' });
  });

  it('keeps the switch as it was set, across a reload', async () => {
    const checkbox = updates().getByRole('checkbox', { name: SWITCH });
    expect(await checkbox.isChecked()).toBe(true);
    // The box follows the saved setting (a controlled input), so it is clicked, not `uncheck`ed.
    await checkbox.click();
    await expect.poll(() => s.rpc('settings.get')).toMatchObject({ autoUpdate: false });
    await page.reload();
    await openUpdates();
    expect(await updates().getByRole('checkbox', { name: SWITCH }).isChecked()).toBe(false);
    // Still nothing is asked of any feed in this mode.
    expect(await s.rpc('updates.status')).toEqual({ state: 'unavailable', reason: 'headless' });
  });

  it('has no serious or critical WCAG 2.1 A/AA violation on Settings, in both themes', async () => {
    const found = await wcagViolationsInBothThemes(page);
    expect(found, found.join('\n')).toEqual([]);
  });
});
