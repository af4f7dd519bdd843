import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { startApp, type RunningApp } from './app-process.ts';
import { chromiumAvailable, launchChromium } from './chromium.ts';
import { checkAccessibleNames } from './accessible-names.ts';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

let sim: RunningSimulator;
let app: RunningApp;
let browser: Browser;
let page: Page;

/** The pages a user moves between, by their sidebar link name and their heading. */
const PAGES = ['Chat', 'Models', 'Usage', 'Logs', 'Settings'] as const;

async function openPage(name: (typeof PAGES)[number]): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name }).count()).toBeGreaterThan(0);
}

describe.skipIf(!ready)(
  'the app in Chromium, headless mode, with the simulator as upstream',
  () => {
    beforeAll(async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      sim = await startSimulator();
      // The key typed into the UI goes to the real keychain of the test session.
      app = await startApp('env' in session ? session.env : {});
      browser = await launchChromium();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(app.url).origin,
      });
      page = await context.newPage();
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
      await sim?.close();
    });

    it('first run: enters the upstream and its key, tests the connection', async () => {
      await page.goto(app.uiUrl);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Welcome to Model Gateway' }).isVisible())
        .toBe(true);
      // The token left the address bar as soon as the page read it.
      expect(page.url()).not.toContain('token=');
      await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'first-run-light.png') });
      await page.getByRole('button', { name: 'Get started' }).click();
      await page.getByLabel('Base URL').fill(sim.url);
      await page.getByLabel('Upstream API key').fill(SIM_KEYS.full);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Test the connection' }).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByText('Connected').first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('button', { name: 'Go to Chat' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Chat' }).isVisible())
        .toBe(true);
    });

    it('lists the models with format badges and prices', async () => {
      await openPage('Models');
      const gemini = page.getByRole('row').filter({ hasText: 'sim-gemini' }).first();
      await expect.poll(() => gemini.isVisible(), { timeout: 15_000 }).toBe(true);
      const text = await gemini.innerText();
      for (const badge of ['chat-completions', 'responses', 'native'])
        expect(text).toContain(badge);
      expect(text).toContain('$1.25');
      expect(
        await page.getByRole('row').filter({ hasText: 'sim-per-call' }).first().innerText(),
      ).toContain('$0.02');
    });

    it('streams a chat answer, stops it, then completes another through translation', async () => {
      await openPage('Chat');
      await page.getByRole('button', { name: 'New chat' }).click();
      await page.getByRole('combobox', { name: 'Model' }).fill('sim-gemini');
      await page.getByRole('combobox', { name: 'Model' }).press('Enter');
      const composer = page.getByRole('textbox', { name: 'Message', exact: true });
      await composer.fill('[[sim:slow-chunks=150]] [[sim:long=80]] a long answer please');
      await composer.press('Enter');
      const stop = page.getByRole('button', { name: 'Stop' });
      await expect.poll(() => stop.isVisible(), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(() => page.getByText(/lorem ipsum/).count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await stop.click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Send' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      // The upstream saw its connection closed by the gateway when Stop was pressed.
      await sim.waitFor((entry) => entry.clientClosedEarly, 5_000);

      // A new conversation: the simulator reads fault markers anywhere in the history.
      await page.getByRole('button', { name: 'New chat' }).click();
      await page.getByRole('combobox', { name: 'Model' }).fill('sim-gemini');
      await page.getByRole('combobox', { name: 'Model' }).press('Enter');
      await composer.fill('Hello from the browser');
      await composer.press('Enter');
      await expect
        .poll(() => page.getByText('Simulated reply to: "Hello from the browser"').count(), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.getByText('chat→gemini (translated)').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    });

    it('shows the requests in usage totals and charts', async () => {
      await openPage('Usage');
      const totals = page.getByRole('list', { name: 'Totals' });
      await expect
        .poll(async () => Number((await totals.innerText()).match(/Requests\s+(\d+)/)?.[1] ?? 0), {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(2);
      await expect.poll(() => page.locator('.svg-chart-surface').count()).toBeGreaterThan(1);
      expect(
        await page.getByText("The upstream's balance and usage history are authoritative.").count(),
      ).toBeGreaterThan(0);
    });

    it('shows the requests in the log, filters them and opens a detail', async () => {
      await openPage('Logs');
      const log = page.getByRole('table', { name: 'Request log' });
      await expect
        .poll(() => log.getByRole('row').filter({ hasText: 'sim-gemini' }).count(), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      await page.getByLabel('Filter the log').getByLabel('Status').selectOption('ok');
      await expect
        .poll(
          async () =>
            await log
              .getByRole('row')
              .filter({ hasText: /\b(4|5)\d\d\b/ })
              .count(),
        )
        .toBe(0);
      await log.getByRole('row').filter({ hasText: 'sim-gemini' }).first().click();
      const detail = page.getByRole('dialog');
      await expect.poll(() => detail.isVisible()).toBe(true);
      const text = await detail.innerText();
      expect(text).toMatch(/req_[0-9a-f]{24}/);
      expect(text).toContain('translated');
      await page.keyboard.press('Escape');
    });

    it('creates a token, uses it from the openai SDK, and finds that call under its name', async () => {
      await openPage('Settings');
      await page.getByLabel('Token name').fill('sdk-test');
      await page.getByRole('button', { name: 'Create token' }).click();
      const value = page.getByTestId('new-token-value');
      await expect.poll(() => value.isVisible()).toBe(true);
      const token = (await value.innerText()).trim();
      expect(token).toMatch(/^mgw_/);

      const client = new OpenAI({ apiKey: token, baseURL: `${app.url}/v1`, maxRetries: 0 });
      const answer = await client.chat.completions.create({
        model: 'sim-responses',
        messages: [{ role: 'user', content: 'from the sdk' }],
      });
      expect(answer.choices[0]?.message.content).toContain('from the sdk');

      await openPage('Logs');
      await page.getByLabel('Filter the log').getByLabel('Status').selectOption('');
      await page.getByLabel('Filter the log').getByLabel('Client').fill('sdk-test');
      const row = page
        .getByRole('table', { name: 'Request log' })
        .getByRole('row')
        .filter({ hasText: 'sdk-test' });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await row.first().innerText()).toContain('sim-responses');
    });

    it('can be used with the keyboard alone', async () => {
      for (const name of PAGES) {
        // A fresh load each time, so Tab starts from the top of the document: after a page
        // switch within the app the focus moves to the new page's heading once it is drawn,
        // and Tabs pressed meanwhile would race that move.
        await page.goto('about:blank');
        await page.goto(`${app.url}/#/${name === 'Chat' ? 'models' : 'chat'}`);
        await expect
          .poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible())
          .toBe(true);
        let reached = false;
        for (let i = 0; i < 30 && !reached; i += 1) {
          await page.keyboard.press('Tab');
          reached = await page.evaluate((target) => {
            const el = document.activeElement;
            return (
              el?.tagName === 'A' &&
              el.closest('nav[aria-label="Main"]') !== null &&
              (el.textContent ?? '').trim() === target
            );
          }, name);
        }
        expect(reached, `Tab reaches the ${name} link`).toBe(true);
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByRole('heading', { level: 1, name }).isVisible())
          .toBe(true);
      }
    });

    it('gives every control on every page an accessible name', async () => {
      for (const name of PAGES) {
        await openPage(name);
        await page.waitForTimeout(300);
        expect(await checkAccessibleNames(page), `${name} page`).toEqual([]);
      }
    });

    it('saves a screenshot of every page in both themes', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const name of PAGES) {
          await openPage(name);
          await page.waitForTimeout(400);
          await page.screenshot({
            path: resolve(SCREENSHOT_DIR, `${name.toLowerCase()}-${scheme}.png`),
          });
        }
      }
    });
  },
);
