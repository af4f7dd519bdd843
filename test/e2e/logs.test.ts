import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import {
  createToken,
  finishFirstRun,
  openPage,
  seedRequests,
  startSeededApp,
  type SeededApp,
} from './seeded-app.ts';

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');
const run = promisify(execFile);

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

let s: SeededApp;
let page: Page;
let token: string;

const log = (): Locator => page.getByRole('table', { name: 'Request log' });
const bodyRows = (): Locator =>
  log().locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
const filters = (): Locator => page.getByLabel('Filter the log');

/** The text of one column in the rows on screen, top to bottom. */
async function column(id: string): Promise<string[]> {
  return log()
    .locator(`[role="row"][data-index] [data-column="${id}"]`)
    .evaluateAll((cells) =>
      cells
        .map((c) => ({
          top: Number((c.parentElement?.style.transform.match(/[\d.]+/) ?? ['0'])[0]),
          text: (c as HTMLElement).innerText.trim(),
        }))
        .sort((a, b) => a.top - b.top)
        .map((c) => c.text),
    );
}

/** Many requests at once, ten at a time, so the log has more than one page. */
async function seedMany(count: number): Promise<void> {
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, k) => {
        const response = await fetch(`${s.app.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'sim-chat',
            messages: [{ role: 'user', content: `bulk ${i + k}` }],
          }),
        });
        await response.arrayBuffer();
      }),
    );
  }
}

describe.skipIf(!ready)('the Logs page: sorting, kept filters, copy as curl', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    s = await startSeededApp('env' in session ? session.env : {});
    page = s.page;
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(s.app.url).origin,
    });
    await page.goto(s.app.uiUrl);
    await page.getByRole('button', { name: 'Get started' }).waitFor();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has requests in the log, bodies captured', async () => {
    await finishFirstRun(s);
    await s.rpc('settings.update', { captureBodies: true });
    token = await createToken(s, 'logs-client');
    await seedRequests(s, token);
    await openPage(page, 'Logs');
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(10);
  });

  it('sorts by a column both ways, and says so', async () => {
    const model = log().getByRole('columnheader', { name: 'Model' });
    await model.getByRole('button').click();
    await expect.poll(() => model.getAttribute('aria-sort')).toBe('ascending');
    const up = await column('model');
    expect(up).toEqual([...up].sort((a, b) => a.localeCompare(b)));
    expect(new Set(up).size).toBeGreaterThan(1);

    await model.getByRole('button').click();
    await expect.poll(() => model.getAttribute('aria-sort')).toBe('descending');
    expect(await column('model')).toEqual([...up].reverse());

    const status = log().getByRole('columnheader', { name: 'Status' });
    await status.getByRole('button').click();
    await expect.poll(() => status.getAttribute('aria-sort')).toBe('descending');
    expect(await model.getAttribute('aria-sort')).toBeNull();
    expect((await column('status'))[0]).toBe('429');
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'logs-sorted-light.png') });
  });

  it('keeps the filters and the sort when leaving the page, and across a reload', async () => {
    await filters().getByLabel('Status').selectOption('ok');
    await filters().getByLabel('Model').fill('sim-gemini');
    await expect
      .poll(async () => new Set(await column('model')), { timeout: 10_000 })
      .toEqual(new Set(['sim-gemini']));

    for (const leave of [
      () => openPage(page, 'Models'),
      async () => {
        await page.reload();
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
      },
    ]) {
      await leave();
      await openPage(page, 'Logs');
      expect(await filters().getByLabel('Status').inputValue()).toBe('ok');
      expect(await filters().getByLabel('Model').inputValue()).toBe('sim-gemini');
      expect(
        await log().getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort'),
      ).toBe('descending');
      await expect
        .poll(async () => new Set(await column('model')), { timeout: 10_000 })
        .toEqual(new Set(['sim-gemini']));
      expect(await column('status')).not.toContain('429');
    }
  });

  it('copies a request as curl that the gateway answers, with the token as a variable', async () => {
    await bodyRows().first().click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Copy as curl' }).click();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toContain('$MODEL_GATEWAY_TOKEN');
    expect(command).not.toContain(token);
    expect(command).toContain('/v1');
    expect(command).toContain('sim-gemini');
    await page.keyboard.press('Escape');

    const { stdout } = await run(
      'bash',
      ['-c', `${command} --silent --output /dev/null --write-out '%{http_code}'`],
      { env: { ...process.env, MODEL_GATEWAY_TOKEN: token } },
    );
    expect(stdout).toBe('200');
  });

  it('loads more rows as the end of the table scrolls into view', async () => {
    await filters().getByRole('button', { name: /clear/i }).click();
    // Newest first again (the first click on Time sorts newest first).
    await log().getByRole('columnheader', { name: 'Time' }).getByRole('button').click();
    expect(await log().getByRole('columnheader', { name: 'Time' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await seedMany(520);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await openPage(page, 'Logs');
    const footer = page.getByRole('status').filter({ hasText: 'Showing' });
    await expect
      .poll(() => footer.innerText(), { timeout: 10_000 })
      .toMatch(/^Showing 500 of 5\d\d/);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await log()
      .locator('.log-scroll')
      .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect
      .poll(
        async () => {
          const [, shown, total] =
            (await footer.innerText()).match(/Showing ([\d,]+) of ([\d,]+)/) ?? [];
          return shown !== undefined && shown === total;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });
});
