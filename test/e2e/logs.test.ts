import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import { wcagViolationsInBothThemes } from './wcag-both-themes.ts';
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

  /** One request as a tool sends it; its id from the gateway's answer. */
  async function logged(body: unknown): Promise<string> {
    const response = await fetch(`${s.app.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.headers.get('x-request-id') ?? '';
  }

  /** The detail of one request, found by its id with the Search filter. */
  async function openDetail(requestId: string): Promise<Locator> {
    await openPage(page, 'Logs');
    // From no search to this one, so a row left from an earlier search is not taken for it.
    await filters().getByLabel('Search').fill('');
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await filters().getByLabel('Search').fill(requestId);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(1);
    await bodyRows().first().click();
    const detail = page.getByRole('dialog');
    await expect.poll(() => detail.innerText(), { timeout: 10_000 }).toContain(requestId);
    return detail;
  }

  it('opens a logged request in chat, with its system prompt, turns and model', async () => {
    const requestId = await logged({
      model: 'sim-chat',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Answer like a pirate.' },
        { role: 'user', content: 'Where is the treasure?' },
        { role: 'assistant', content: 'Under the palm, matey.' },
        { role: 'user', content: 'Which palm?' },
      ],
    });
    const detail = await openDetail(requestId);
    const open = detail.getByRole('button', { name: 'Open in chat' });
    expect(await open.isEnabled()).toBe(true);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'logs-open-in-chat-light.png') });

    await open.click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Chat' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).innerText(), { timeout: 10_000 })
      .toBe('Where is the treasure?');
    expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe('sim-chat');
    expect(await page.getByText('Answer like a pirate.').count()).toBe(1);
    expect(await page.getByText('temperature 0.2').count()).toBe(1);
    const turns = await page
      .getByRole('article')
      .evaluateAll((els) =>
        els.map(
          (el) =>
            `${el.getAttribute('aria-label')}: ${el.querySelector('.message-body')?.textContent}`,
        ),
      );
    expect(turns).toEqual([
      'You message: Where is the treasure?',
      'Assistant message: Under the palm, matey.',
      'You message: Which palm?',
    ]);

    // It can be sent on from there: the answer comes from the same model.
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('And then?');
    await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await expect
      .poll(() => page.getByText('Simulated reply to: "And then?"').count(), { timeout: 15_000 })
      .toBe(1);
  });

  it('says why a request whose body was not captured cannot be opened', async () => {
    await s.rpc('settings.update', { captureBodies: false });
    const requestId = await logged({
      model: 'sim-chat',
      messages: [{ role: 'user', content: 'not captured' }],
    });
    const detail = await openDetail(requestId);
    const open = detail.getByRole('button', { name: 'Open in chat' });
    expect(await open.isDisabled()).toBe(true);
    const reason = await open.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).innerText()).toContain(
      'Its body was not captured',
    );
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await s.rpc('settings.update', { captureBodies: true });
  });
});
