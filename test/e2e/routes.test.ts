import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import {
  createToken,
  finishFirstRun,
  openPage,
  startSeededApp,
  type SeededApp,
} from './seeded-app.ts';
import { sidewaysOverflows } from './sideways-overflow.ts';
import { useTheme, wcagViolationsInBothThemes, type Theme } from './wcag-both-themes.ts';

/**
 * Model routes and per-token budgets, end to end: the Routes page driven by the keyboard against
 * the headless app with the simulator as upstream, the route used from Chat and from a client, a
 * fallback told as a notice and shown in Logs, and a budget set in Settings, spent through the
 * gateway, drawn on Usage and then refusing requests.
 */

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');
const THEMES: readonly Theme[] = ['light', 'dark'];

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

let s: SeededApp;
let page: Page;

interface RouteListing {
  name: string;
  models: string[];
}

const listRoutes = async (): Promise<RouteListing[]> =>
  (await s.rpc<{ routes: RouteListing[] }>('routes.list')).routes;

const routeCard = (name: string): Locator => page.getByRole('region', { name, exact: true });

/** The text of each item of a list, in order. */
const itemTexts = (list: Locator): Promise<string[]> => list.getByRole('listitem').allInnerTexts();

/** What has the keyboard focus: its role or tag, and its accessible name as far as we can tell. */
const focused = (): Promise<{ role: string | null; label: string | null; tag: string }> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelled = el?.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
    return {
      role: el?.getAttribute('role') ?? null,
      label: el?.getAttribute('aria-label') ?? labelled?.textContent ?? null,
      tag: el?.tagName ?? '',
    };
  });

/** A chat-completions call through the gateway with a local token. */
async function chatCall(
  token: string,
  model: string,
  text: string,
): Promise<{ status: number; body: { error?: { message?: string }; choices?: unknown[] } }> {
  const response = await fetch(`${s.app.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: text }] }),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** Waits for a toast whose text matches, and returns it. */
async function toastMatching(text: RegExp): Promise<Locator> {
  const toast = page.locator('.toasts .toast').filter({ hasText: text });
  await expect.poll(() => toast.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return toast.first();
}

/** Takes the notices away (and the pointer, which keeps a toast it rests on). */
async function dismissToasts(): Promise<void> {
  await page.mouse.move(1, 1);
  const buttons = page.locator('.toasts').getByRole('button', { name: 'Dismiss notification' });
  while ((await buttons.count()) > 0) await buttons.first().click();
  await page.mouse.move(1, 1);
}

async function screenshot(name: string): Promise<void> {
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}-${theme}.png`) });
  }
  await useTheme(page, 'light');
}

describe.skipIf(!ready)('model routes and budgets in Chromium, against the headless app', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    s = await startSeededApp('env' in session ? session.env : {});
    page = s.page;
    await page.goto(s.app.uiUrl);
    await page.getByRole('button', { name: 'Get started' }).waitFor();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('starts with the upstream set up', async () => {
    await finishFirstRun(s);
  });

  it('creates a route of two models with the keyboard, reorders it, saves it and lists it', async () => {
    await openPage(page, 'Routes');
    await expect
      .poll(() => page.getByText('No routes yet').isVisible(), { timeout: 10_000 })
      .toBe(true);
    // The empty state's own button (the header has one too).
    await page.getByRole('button', { name: 'New route' }).last().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New route' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The name has the focus as the dialog opens.
    await expect.poll(focused).toMatchObject({ tag: 'INPUT', label: 'Name' });
    await page.keyboard.type('coding');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatchObject({ role: 'combobox' });
    await page.keyboard.type('sim-chat');
    await page.keyboard.press('Enter');
    await page.keyboard.type('sim-anthropic');
    await page.keyboard.press('Enter');
    const order = dialog.getByRole('list', { name: 'Models in the route' });
    await expect
      .poll(async () => (await itemTexts(order)).map((t) => t.split('\n')[1]))
      .toEqual(['sim-chat', 'sim-anthropic']);

    // Reorder with the keyboard: the focus stays with the model moved.
    await dialog.getByRole('button', { name: 'Move sim-anthropic up' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await itemTexts(order)).map((t) => t.split('\n')[1]))
      .toEqual(['sim-anthropic', 'sim-chat']);
    expect((await focused()).label).toMatch(/^Move sim-anthropic (up|down)$/);
    expect(await dialog.locator('[aria-live="polite"]').first().innerText()).toContain(
      'sim-anthropic moved to position 1 of 2',
    );

    // Enter in the name field saves.
    await dialog.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);

    const card = routeCard('coding');
    await expect.poll(() => card.isVisible()).toBe(true);
    // The empty state's button is gone: the focus lands on the new route, not the page's body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('coding');
    const models = card.getByRole('list', { name: 'Models of coding, tried in order' });
    expect((await itemTexts(models)).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^1 sim-anthropic .*Messages \(native\)/),
      expect.stringMatching(/^2 sim-chat chat-completions \(native\)/),
    ]);
    // The route's badges are its first model's formats.
    expect(await card.locator('.route-badges').innerText()).toContain('Messages');
    expect(await listRoutes()).toMatchObject([
      { name: 'coding', models: ['sim-anthropic', 'sim-chat'] },
    ]);
  });

  it('refuses an empty route and a catalog model’s name without shadow, changing nothing', async () => {
    await page.getByRole('button', { name: 'New route' }).click();
    const dialog = page.getByRole('dialog', { name: 'New route' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Name', { exact: true }).fill('empty-route');
    await dialog.getByRole('button', { name: 'Save route' }).click();
    const refusal = dialog.getByRole('alert');
    await expect.poll(() => refusal.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await refusal.innerText()).toMatch(/Not saved/);
    expect((await listRoutes()).map((r) => r.name)).toEqual(['coding']);

    await dialog.getByLabel('Name', { exact: true }).fill('sim-chat');
    // Said before saving too: the name is a catalog model's.
    await expect
      .poll(() => dialog.getByText('is a model in the catalog: tick the box').isVisible())
      .toBe(true);
    const add = dialog.getByRole('combobox', { name: 'Add a model or route' });
    await add.fill('sim-gemini');
    await add.press('Enter');
    await dialog.getByRole('button', { name: 'Save route' }).click();
    await expect
      .poll(async () => (await dialog.getByRole('alert').innerText()).includes('sim-chat'), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await dialog.getByRole('alert').innerText()).toMatch(/catalog/);
    expect((await listRoutes()).map((r) => r.name)).toEqual(['coding']);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'sim-chat', exact: true }).count()).toBe(0);
  });

  it('tests the route: each model answers; a cancelled test shows nothing', async () => {
    const card = routeCard('coding');
    // A slow model: the test is still running when Cancel is pressed, and its answer is dropped.
    s.sim.modelFaults.set('sim-chat', '[[sim:slow-first-byte=2500]]');
    await card.getByRole('button', { name: 'Test', exact: true }).click();
    await expect
      .poll(() => card.getByText('Testing coding: one short request').isVisible())
      .toBe(true);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(3_500);
    expect(await card.getByRole('list', { name: 'Test of coding, each model' }).count()).toBe(0);
    s.sim.modelFaults.delete('sim-chat');

    await card.getByRole('button', { name: 'Test', exact: true }).click();
    const results = card.getByRole('list', { name: 'Test of coding, each model' });
    await expect.poll(() => results.isVisible(), { timeout: 30_000 }).toBe(true);
    const items = await itemTexts(results);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/sim-anthropic[\s\S]*answered/);
    expect(items[1]).toMatch(/sim-chat[\s\S]*answered/);
    expect(await card.innerText()).toContain('Test: 2 of 2 answered');
  });

  it('offers the route in the chat’s model picker, and answers through it', async () => {
    await openPage(page, 'Chat');
    await page.getByRole('button', { name: 'New chat' }).click();
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.click();
    // The picker's list is virtualised: its groups hold absolutely placed rows (no box of their
    // own), so the group is found by its options being drawn.
    const routes = page.getByRole('group', { name: 'Routes' });
    await expect.poll(() => routes.getByRole('option').first().isVisible()).toBe(true);
    expect(await routes.getByRole('option').first().innerText()).toContain('coding');
    await picker.fill('coding');
    await picker.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe('coding');
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Hello through a route');
    await composer.press('Enter');
    await expect
      .poll(() => page.getByText('Simulated reply to: "Hello through a route"').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  });

  it('tells of a fallback once, links to its log entry, and shows asked → answered', async () => {
    // The route's first model keeps asking to wait longer than the route waits.
    s.sim.modelFaults.set('sim-anthropic', '[[sim:429:retry-after=30]]');
    const token = await createToken(s, 'route-client');
    const answer = await chatCall(token, 'coding', 'fall back please');
    s.sim.modelFaults.delete('sim-anthropic');
    expect(answer.status).toBe(200);

    const toast = await toastMatching(/Route 'coding' fell back/);
    expect(await toast.innerText()).toMatch(
      /sim-anthropic answered 429 \([^)]+\); sim-chat answered\./,
    );
    // Announced by the live region, and the focus was left where it was.
    expect(await page.locator('.toasts').getAttribute('aria-live')).toBe('polite');
    expect(await toast.evaluate((el) => el.contains(document.activeElement))).toBe(false);

    await toast.getByRole('button', { name: 'Open the log entry' }).click();
    const detail = page.getByRole('dialog', { name: 'Request details' });
    await expect.poll(() => detail.isVisible(), { timeout: 10_000 }).toBe(true);
    const attempts = detail.getByRole('list', { name: 'Models tried, in order' });
    await expect.poll(() => attempts.isVisible(), { timeout: 10_000 }).toBe(true);
    const tried = await itemTexts(attempts);
    expect(tried[0]).toMatch(/sim-anthropic[\s\S]*429/);
    expect(tried[1]).toMatch(/sim-chat[\s\S]*answered/);
    expect(await detail.innerText()).toMatch(/model route[\s\S]*coding/i);
    await page.keyboard.press('Escape');

    const log = page.getByRole('table', { name: 'Request log' });
    await expect
      .poll(() => log.getByRole('row').filter({ hasText: 'coding → sim-chat' }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    // The filters: by route, and only the requests that fell back.
    const filters = page.getByRole('search', { name: 'Filter the log' });
    await filters.getByLabel('Route', { exact: true }).fill('coding');
    await filters.getByLabel('Status').selectOption('fellBack');
    await expect
      .poll(async () => {
        const rows = await log.getByRole('row').allInnerTexts();
        return rows.slice(1).every((r) => r.includes('coding → sim-chat')) && rows.length > 1;
      })
      .toBe(true);
    await filters.getByRole('button', { name: 'Clear filters' }).click();

    await openPage(page, 'Routes');
    const card = routeCard('coding');
    await card.getByRole('button', { name: 'Recent fallbacks' }).click();
    await expect
      .poll(
        () => card.locator('.route-fallback').filter({ hasText: 'coding → sim-chat' }).count(),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
  });

  it('has no serious WCAG 2.1 A/AA violation on the Routes page and its editor, in both themes', async () => {
    // A route that takes a catalog model's name, and one with a model the catalog lacks.
    await s.rpc('routes.save', {
      name: 'sim-responses',
      models: ['sim-all', 'sim-chat'],
      shadow: true,
    });
    await s.rpc('routes.save', { name: 'fast', models: ['sim-gemini-chat', 'sim-retired'] });
    await openPage(page, 'Routes');
    await page.getByRole('button', { name: 'Reload routes' }).click();
    for (const name of ['coding', 'fast', 'sim-responses'])
      await expect.poll(() => routeCard(name).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await routeCard('sim-responses').innerText()).toContain('Shadows a catalog model');
    expect(await routeCard('fast').innerText()).toMatch(
      /sim-retired[\s\S]*Not in the catalog: skipped until the catalog lists it/,
    );
    // The test and the recent fallbacks open, as a user looking into a route has them.
    const coding = routeCard('coding');
    const disclosure = coding.getByRole('button', { name: 'Recent fallbacks' });
    if ((await disclosure.getAttribute('aria-expanded')) !== 'true') await disclosure.click();
    await expect
      .poll(() => coding.locator('.route-fallback').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await dismissToasts();
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await disclosure.scrollIntoViewIfNeeded();
    await screenshot('route-test-and-fallbacks');
    await disclosure.click();
    await coding.getByRole('button', { name: 'Clear the test' }).click();
    await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
    await screenshot('routes');

    await routeCard('coding').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the route coding' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const add = dialog.getByRole('combobox', { name: 'Add a model or route' });
    await add.fill('sim');
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await screenshot('route-editor');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('edits a token’s limits, with no serious WCAG 2.1 A/AA violation in both themes', async () => {
    await createToken(s, 'editor');
    await openPage(page, 'Settings');
    await page.getByRole('button', { name: 'Limits for token editor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limits for the token editor' });
    await expect
      .poll(() => dialog.getByLabel('Per day').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(focused).toMatchObject({ label: 'Per day' });
    await dialog.getByLabel('Per day').fill('5');
    await dialog.getByLabel('Per month').fill('50');
    await dialog.getByLabel('Requests per minute').fill('60');
    await dialog.getByLabel('Tokens per minute').fill('200000');
    const allow = dialog.getByRole('combobox', { name: 'Allow a model or route' });
    for (const model of ['coding', 'sim-chat']) {
      await allow.fill(model);
      await allow.press('Enter');
    }
    expect(
      await itemTexts(dialog.getByRole('list', { name: 'Allowed models and routes' })),
    ).toEqual([expect.stringContaining('coding'), expect.stringContaining('sim-chat')]);
    await dialog.getByLabel('Once a budget is spent').selectOption('coding');
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await screenshot('limits-editor');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    const row = page.getByRole('row').filter({ hasText: 'editor' });
    await expect
      .poll(() => row.innerText())
      .toContain('$5/day · $50/month · 60 rpm · 200k tpm · 2 models · then route coding');
  });

  it('sets a daily budget on a token, spends it through the gateway, and then refuses', async () => {
    await openPage(page, 'Settings');
    await page.getByLabel('Token name').fill('budget-client');
    await page.getByRole('button', { name: 'Create token' }).click();
    const value = page.getByTestId('new-token-value');
    await expect.poll(() => value.isVisible()).toBe(true);
    const token = (await value.innerText()).trim();

    await page.getByRole('button', { name: 'Limits for token budget-client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limits for the token budget-client' });
    const daily = dialog.getByLabel('Per day');
    await expect.poll(() => daily.isVisible(), { timeout: 10_000 }).toBe(true);
    // Bad input is named at its field and nothing is saved.
    await daily.fill('five dollars');
    await dialog.getByLabel('Requests per minute').fill('1.5');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    expect(await dialog.getByText('Enter an amount in dollars above 0').isVisible()).toBe(true);
    expect(await dialog.getByText('Enter a whole number above 0').isVisible()).toBe(true);
    await expect.poll(focused).toMatchObject({ label: 'Per day' });
    const tokens = await s.rpc<{ id: string; name: string }[]>('tokens.list');
    const tokenId = tokens.find((t) => t.name === 'budget-client')?.id ?? '';
    expect(await s.rpc<{ dailyUsd: number | null }>('limits.get', { tokenId })).toMatchObject({
      dailyUsd: null,
    });

    await daily.fill('0.045');
    await dialog.getByLabel('Requests per minute').fill('');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    const row = page.getByRole('row').filter({ hasText: 'budget-client' });
    await expect.poll(() => row.innerText()).toContain('$0.045/day');

    await dismissToasts();
    // sim-per-call costs $0.02 a call: two calls are 88 % of $0.045.
    for (let i = 0; i < 2; i += 1)
      expect((await chatCall(token, 'sim-per-call', `spend ${i}`)).status).toBe(200);
    await toastMatching(
      /Token 'budget-client' has used 8\d % of its daily budget: \$0.04 of \$0.045/,
    );

    // The next call may still be let in (some room was left); after it, every call is refused.
    let refused: Awaited<ReturnType<typeof chatCall>> | null = null;
    for (let i = 0; i < 4 && !refused; i += 1) {
      const result = await chatCall(token, 'sim-per-call', `more ${i}`);
      if (result.status >= 400) refused = result;
    }
    expect(refused?.status).toBeGreaterThanOrEqual(400);
    expect(refused?.body.error?.message).toBeTruthy();
    await toastMatching(
      /Token 'budget-client' has spent its daily budget .*requests are refused until/,
    );

    await screenshot('budget-notices');
    await dismissToasts();
    await openPage(page, 'Usage');
    const budgets = page.getByRole('region', { name: 'Budgets' });
    await expect.poll(() => budgets.isVisible(), { timeout: 10_000 }).toBe(true);
    const bar = budgets.getByRole('meter', { name: 'Daily budget, token budget-client' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toMatch(
      /of \$0.045; resets at \d\d:\d\d; requests refused/,
    );
    expect(await budgets.innerText()).toContain('budget-client');
    await budgets.scrollIntoViewIfNeeded();
    await screenshot('usage-budgets');
  });

  it('shows a tool’s token budgets on its card', async () => {
    // The shell "tool" writes no file: connecting it only makes its token.
    const connected = await s.rpc<{ tokenName: string; token: string }>('tools.connect', {
      tool: 'shell',
    });
    const tokens =
      await s.rpc<{ id: string; name: string; revokedAt: number | null }[]>('tokens.list');
    const tokenId = tokens.find((t) => t.name === connected.tokenName && !t.revokedAt)?.id;
    await s.rpc('limits.set', {
      tokenId,
      limits: {
        dailyUsd: 1,
        weeklyUsd: 5,
        monthlyUsd: null,
        rpm: null,
        tpm: null,
        models: null,
        thenRoute: 'coding',
      },
    });
    expect((await chatCall(connected.token, 'sim-per-call', 'from the shell')).status).toBe(200);
    await dismissToasts();
    await openPage(page, 'Tools');
    const card = page.getByRole('region', { name: 'Shell (other tools)' });
    const daily = card.getByRole('meter', { name: `Daily budget, token ${connected.tokenName}` });
    await expect.poll(() => daily.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await daily.getAttribute('aria-valuetext')).toMatch(
      /^\$0.02 of \$1.00; resets at \d\d:\d\d; once spent, route coding$/,
    );
    expect(
      await card
        .getByRole('meter', { name: `Weekly budget, token ${connected.tokenName}` })
        .count(),
    ).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await screenshot('tools-budgets');
  });

  it('fits an 800×600 window: the routes, the route editor and the limits editor', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    await openPage(page, 'Routes');
    await expect.poll(() => routeCard('fast').isVisible(), { timeout: 10_000 }).toBe(true);
    const found = (where: string) =>
      page.evaluate(sidewaysOverflows).then((list) => list.map((o) => `${where}: ${o}`));
    const problems = await found('Routes');
    await routeCard('coding').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit the route coding' });
    await expect.poll(() => editor.isVisible()).toBe(true);
    problems.push(...(await found('route editor')));
    await page.keyboard.press('Escape');
    await openPage(page, 'Settings');
    await page.getByRole('button', { name: 'Limits for token editor' }).click();
    const limits = page.getByRole('dialog', { name: 'Limits for the token editor' });
    await expect
      .poll(() => limits.getByLabel('Per day').isVisible(), { timeout: 10_000 })
      .toBe(true);
    problems.push(...(await found('limits editor')));
    await page.keyboard.press('Escape');
    expect(problems, problems.join('\n')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
