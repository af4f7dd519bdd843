import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LogEntry, TokenInfo } from '../../shared/contract.ts';
import { CLIENT_WITHOUT_TOKEN, FORMAT_NAME } from '../../shared/wire-formats.ts';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import { finishFirstRun, openPage, startSeededApp, type SeededApp } from './seeded-app.ts';
import { sidewaysOverflows } from './sideways-overflow.ts';
import { useTheme, wcagViolationsInBothThemes } from './wcag-both-themes.ts';

/**
 * Ollama clients without a token, end to end: the switch in Settings turned on and off with the
 * keyboard against the headless app with the simulator as upstream; a client on this machine
 * (Node, no Origin) then calls `/api/chat` without a token, while web pages on other origins
 * that try the same — simple requests with `mode: 'no-cors'`, CORS requests, a no-cors GET of
 * `/api/tags` — are refused with 403 before anything reaches the upstream.
 */

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');
const FORMAT = 'ollama';
const CLIENT = CLIENT_WITHOUT_TOKEN[FORMAT]!;
const SWITCH = `Accept ${FORMAT_NAME[FORMAT]} clients without a token`;
/** In every prompt a page sends, so the upstream's journal would show any that got through. */
const MARK = 'tokenless-e2e-from-a-page';

let s: SeededApp;
let page: Page;
/** A page of another origin, the kind any site the user visits could serve. */
let other: Server;
let otherPort: number;

/** `/api/chat` from this machine, without a token and without an Origin (a program, not a page). */
async function chatWithoutToken(): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${s.app.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'sim-chat',
      messages: [{ role: 'user', content: 'Hello from a local program' }],
      stream: false,
    }),
  });
  return { status: response.status, body: await response.json() };
}

/** The request log's rows matching a filter, newest first. */
async function logRows(filter: Record<string, unknown>): Promise<LogEntry[]> {
  return (await s.rpc<{ rows: LogEntry[] }>('logs.search', { filter, limit: 100 })).rows;
}

/** What has the keyboard focus: tag, type and the text of its label. */
const focused = (): Promise<{ tag: string; type: string | null; label: string }> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return {
      tag: el?.tagName ?? '',
      type: el?.getAttribute('type') ?? null,
      label: el?.closest('label')?.textContent ?? el?.getAttribute('aria-label') ?? '',
    };
  });

/** Tabs from where the focus is until it reaches the switch (and fails if it never does). */
async function tabToSwitch(): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    const now = await focused();
    if (now.type === 'checkbox' && now.label === SWITCH) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached “${SWITCH}”`);
}

/** Opens Settings at its Local tokens section, as its table of contents does. */
async function openTokensSection(): Promise<void> {
  await page.goto(`${s.app.uiUrl.split('#')[0]}#/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByText('Local tokens')
    .click();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Local tokens');
}

/** The POSTs a page tries (beside its no-cors GET of `/api/tags`). */
const POSTS = [
  'chat no-cors',
  'generate no-cors',
  'chat cors',
  'generate cors',
  'chat cors json',
  'generate cors json',
] as const;

/** What each fetch of a page on another origin came to, as the page saw it. */
type Outcomes = Record<string, string>;

/**
 * From a page of another origin: `/api/chat` and `/api/generate` without a token as simple
 * requests (`no-cors`, `text/plain`: no preflight, the browser sends them whatever the
 * gateway says), as simple CORS requests, as CORS requests with JSON (preflighted), and
 * `/api/tags` as a no-cors GET.
 */
async function tryFromPage(pageUrl: string, only?: readonly string[]): Promise<Outcomes> {
  const visitor = await s.context.newPage();
  try {
    await visitor.goto(pageUrl);
    return await visitor.evaluate(
      async ({ gateway, mark, only }) => {
        const chat = JSON.stringify({
          model: 'sim-chat',
          messages: [{ role: 'user', content: mark }],
          stream: false,
        });
        const generate = JSON.stringify({ model: 'sim-chat', prompt: mark, stream: false });
        const outcomes: Record<string, string> = {};
        const attempt = async (name: string, path: string, init: RequestInit) => {
          if (only !== undefined && !only.includes(name)) return;
          try {
            const response = await fetch(`${gateway}${path}`, init);
            outcomes[name] = `${response.type} ${response.status}`;
          } catch (error) {
            outcomes[name] = `failed: ${String(error)}`;
          }
        };
        const simple = (body: string, mode: RequestMode): RequestInit => ({
          method: 'POST',
          mode,
          headers: { 'content-type': 'text/plain' },
          body,
        });
        const json = (body: string): RequestInit => ({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await attempt('chat no-cors', '/api/chat', simple(chat, 'no-cors'));
        await attempt('generate no-cors', '/api/generate', simple(generate, 'no-cors'));
        await attempt('chat cors', '/api/chat', simple(chat, 'cors'));
        await attempt('generate cors', '/api/generate', simple(generate, 'cors'));
        await attempt('chat cors json', '/api/chat', json(chat));
        await attempt('generate cors json', '/api/generate', json(generate));
        await attempt('tags no-cors', '/api/tags', { mode: 'no-cors' });
        return outcomes;
      },
      { gateway: s.app.url, mark: MARK, only },
    );
  } finally {
    await visitor.close();
  }
}

describe.skipIf(!ready)(
  'Ollama clients without a token, in Chromium against the headless app',
  () => {
    beforeAll(async () => {
      s = await startSeededApp('env' in session ? session.env : {});
      page = s.page;
      other = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Some other site</title><p>Nothing to see.</p>');
      });
      await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
      otherPort = (other.address() as AddressInfo).port;
      await page.goto(s.app.uiUrl);
      await page.getByRole('button', { name: 'Get started' }).waitFor();
    });
    afterAll(async () => {
      await new Promise((done) => other?.close(done));
      await s?.close();
    });

    it('starts with the upstream set up, and a request without a token refused', async () => {
      await finishFirstRun(s);
      const refused = await chatWithoutToken();
      expect(refused.status).toBe(401);
      expect(s.sim.journal.filter((e) => e.rawBody.includes('local program'))).toEqual([]);
    });

    it('has the switch off by default, labelled, its risk read as its description', async () => {
      await openTokensSection();
      const toggle = page.getByRole('checkbox', { name: SWITCH });
      expect(await toggle.isChecked()).toBe(false);
      const description = await toggle.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(description).toContain('any program on this machine');
      expect(description).toContain('spend your upstream credit');
      expect(description).toContain(`“${CLIENT}”`);
    });

    it('switches it on with the keyboard, and lists its client with no token to revoke', async () => {
      await tabToSwitch();
      await page.keyboard.press('Space');
      await expect
        .poll(() => page.getByRole('checkbox', { name: SWITCH }).isChecked(), { timeout: 10_000 })
        .toBe(true);
      // The focus stays on the switch.
      expect(await focused()).toMatchObject({ type: 'checkbox', label: SWITCH });
      await expect
        .poll(() => page.locator('.toasts').innerText())
        .toContain(`${FORMAT_NAME[FORMAT]} clients are accepted without a token`);
      const settings = await s.rpc<{ clientsWithoutToken: string[] }>('settings.get');
      expect(settings.clientsWithoutToken).toEqual([FORMAT]);

      const table = page.getByRole('table', { name: 'Local tokens' });
      const row = table.getByRole('row').filter({ hasText: CLIENT });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.innerText()).toContain('no token — requests without a token');
      expect(await row.innerText()).toContain('Active');
      expect(await row.getByRole('button').allInnerTexts()).toEqual(['Limits']);
      const listed = await s.rpc<TokenInfo[]>('tokens.list');
      expect(listed.find((t) => t.name === CLIENT)).toMatchObject({
        withoutToken: true,
        prefix: '',
      });
    });

    it('opens the limits of that client from beside the switch', async () => {
      const limits = page
        .locator(`[data-format="${FORMAT}"]`)
        .getByRole('button', { name: `Limits for ${CLIENT}` });
      await limits.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Limits for ${CLIENT}` });
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await dialog.innerText()).toContain('the requests sent without a token');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });

    it('has no serious or critical WCAG 2.1 A/AA violation on Settings, in both themes', async () => {
      await page.mouse.move(1, 1);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const section = page.locator('#tokens');
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await section.screenshot({
          path: resolve(SCREENSHOT_DIR, `settings-clients-without-token-${theme}.png`),
        });
      }
      const found = await wcagViolationsInBothThemes(page);
      expect(found, found.join('\n')).toEqual([]);
    });

    it('fits an 800×600 window with the switch and its client listed', async () => {
      await page.setViewportSize({ width: 800, height: 600 });
      try {
        await page.getByRole('checkbox', { name: SWITCH }).scrollIntoViewIfNeeded();
        expect(await page.evaluate(sidewaysOverflows)).toEqual([]);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });

    it('takes a program on this machine without a token, as its own client', async () => {
      const answered = await chatWithoutToken();
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({ model: 'sim-chat', done: true });
      expect((answered.body as { message: { content: string } }).message.content).not.toBe('');
      await expect
        .poll(async () => (await logRows({ client: CLIENT })).map((r) => [r.path, r.status]), {
          timeout: 10_000,
        })
        .toEqual([['/api/chat', 200]]);
    });

    it('shows that client’s budget on Usage as requests without a token', async () => {
      const client = (await s.rpc<TokenInfo[]>('tokens.list')).find((t) => t.name === CLIENT);
      await s.rpc('limits.set', {
        tokenId: client?.id,
        limits: {
          dailyUsd: 5,
          weeklyUsd: null,
          monthlyUsd: null,
          rpm: null,
          tpm: null,
          models: null,
          thenRoute: null,
        },
      });
      await openPage(page, 'Usage');
      const budgets = page.getByRole('region', { name: 'Budgets' });
      await expect.poll(() => budgets.isVisible(), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(() => budgets.getByRole('list', { name: `Budgets of ${CLIENT}` }).count())
        .toBe(1);
      expect(await budgets.innerText()).toContain('no token — requests without a token');
    });

    it('refuses web pages on other origins before anything reaches the upstream', async () => {
      const since = Date.now();
      const postsBefore = s.sim.journal.filter((e) => e.method === 'POST').length;
      // `localhost` is another site than `127.0.0.1`; the same host on another port is another
      // origin of the same site: the browser marks the first `cross-site`, and both send Origin.
      const crossSite = await tryFromPage(`http://localhost:${otherPort}/`);
      // (Its no-cors GET is the next test's.)
      const sameSite = await tryFromPage(`http://127.0.0.1:${otherPort}/`, POSTS);

      for (const outcomes of [crossSite, sameSite]) {
        // A no-cors answer is opaque to the page whatever it was; a CORS one fails unread.
        expect(outcomes['chat no-cors']).toBe('opaque 0');
        expect(outcomes['generate no-cors']).toBe('opaque 0');
        for (const name of POSTS.slice(2))
          expect(outcomes[name], name).toMatch(/^failed: TypeError/);
      }
      expect(crossSite['tags no-cors']).toBe('opaque 0');

      // Refused by the gateway, each logged: the simple requests and the cross-site GET. (The
      // JSON ones ended at their preflight, refused too, so the browser never sent them.)
      const expected = [
        ...[crossSite, sameSite].flatMap(() => [
          '/api/chat',
          '/api/generate',
          '/api/chat',
          '/api/generate',
        ]),
        '/api/tags',
      ].sort();
      await expect
        .poll(
          async () =>
            (await logRows({ status: 403, from: since }))
              .map((r) => `${r.path} ${r.errorKind}`)
              .sort(),
          { timeout: 10_000 },
        )
        .toEqual(expected.map((path) => `${path} origin_not_allowed`));
      const refused = await logRows({ status: 403, from: since });
      expect(refused.every((r) => r.client === null && r.usage === null)).toBe(true);

      // Nothing reached the upstream: no generation at all, and no prompt of theirs.
      expect(s.sim.journal.filter((e) => e.method === 'POST').length).toBe(postsBefore);
      expect(s.sim.journal.filter((e) => e.rawBody.includes(MARK))).toEqual([]);
      // And the client without a token spent nothing on their behalf.
      expect((await logRows({ client: CLIENT })).map((r) => r.path)).toEqual(['/api/chat']);
    });

    it('refuses a no-cors GET from another origin of the same site (no Origin sent)', async () => {
      // A GET sent with `no-cors` (fetch, <img>, <script>) carries no Origin; the browser marks it
      // `Sec-Fetch-Site: same-site` from another port of 127.0.0.1, `cross-site` from localhost.
      const since = Date.now();
      const outcomes = await tryFromPage(`http://127.0.0.1:${otherPort}/`, ['tags no-cors']);
      expect(outcomes).toEqual({ 'tags no-cors': 'opaque 0' });
      await expect
        .poll(async () => (await logRows({ from: since })).map((r) => `${r.path} ${r.status}`), {
          timeout: 10_000,
        })
        .toEqual(['/api/tags 403']);
    });

    it('switches it off with the keyboard: a request without a token gets 401 again', async () => {
      await openTokensSection();
      await tabToSwitch();
      await page.keyboard.press('Space');
      await expect
        .poll(() => page.getByRole('checkbox', { name: SWITCH }).isChecked(), { timeout: 10_000 })
        .toBe(false);
      const settings = await s.rpc<{ clientsWithoutToken: string[] }>('settings.get');
      expect(settings.clientsWithoutToken).toEqual([]);
      const row = page
        .getByRole('table', { name: 'Local tokens' })
        .getByRole('row')
        .filter({ hasText: CLIENT });
      await expect.poll(() => row.innerText()).toContain('Off');

      const posts = s.sim.journal.filter((e) => e.method === 'POST').length;
      const refused = await chatWithoutToken();
      expect(refused.status).toBe(401);
      expect(s.sim.journal.filter((e) => e.method === 'POST').length).toBe(posts);
    });
  },
);
