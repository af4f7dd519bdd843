import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { SIM_MODELS } from '../upstream-sim/index.ts';
import { chromiumAvailable } from './chromium.ts';
import { finishFirstRun, openPage, startSeededApp, type SeededApp } from './seeded-app.ts';
import { wcagViolationsInBothThemes } from './wcag-both-themes.ts';

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

/** A relay that aggregates many channels: model-1…model-1990 by vendors of a hundred. */
const CATALOG = 2_000;
const MAX_NODES = 3_000;

let s: SeededApp;
let page: Page;

const elements = () => page.evaluate(() => document.getElementsByTagName('*').length);

/** The name of the entry a picker's aria-activedescendant points at. */
const activeName = (picker: Locator) =>
  picker.evaluate((el) => {
    const id = el.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return option?.querySelector('.model-option-name')?.textContent ?? null;
  });

/** The names of the options drawn in the picker's list, in the order shown. */
const optionNames = (picker: Locator) =>
  picker.evaluate((el) => {
    const list = document.getElementById(el.getAttribute('aria-controls') ?? '');
    return [...(list?.querySelectorAll('[role="option"]') ?? [])].map(
      (o) => o.querySelector('.model-option-name')?.textContent ?? '',
    );
  });

describe.skipIf(!ready)(`a relay listing ${CATALOG.toLocaleString('en')} models`, () => {
  beforeAll(async () => {
    s = await startSeededApp(
      'env' in session ? session.env : {},
      { width: 1280, height: 800 },
      {},
      { relayModels: CATALOG - SIM_MODELS.length },
    );
    page = s.page;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gets through the first run against the relay', async () => {
    await page.goto(s.app.uiUrl);
    await finishFirstRun(s);
  });

  it('Models: draws only the rows in view, in natural order, and finds one deep in the list', async () => {
    await openPage(page, 'Models');
    const count = page.getByRole('status').filter({ hasText: /models$/ });
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe(`${CATALOG} models`);
    const table = page.getByRole('table', { name: 'Models' });
    // The table follows the page by a task.
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(CATALOG + 1));
    expect(await elements()).toBeLessThanOrEqual(MAX_NODES);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    const ids = () => table.locator('tbody .model-id .mono').allInnerTexts();
    const first = await ids();
    expect(first.slice(0, 11)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `model-${i + 1}`),
      'model-11',
    ]);

    // Sorting by the header still works, by the keyboard: descending puts sim-* first.
    const sortById = table.getByRole('button', { name: 'Model', exact: true });
    await sortById.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await ids())[0]).toBe('sim-responses');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await ids())[0]).toBe('model-1');

    // Scrolled to its end, the table draws the last rows and no more nodes.
    await page.locator('.models-table-wrap').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(async () => (await ids()).at(-1)).toBe('sim-responses');
    expect(await elements()).toBeLessThanOrEqual(MAX_NODES);

    await page.getByLabel('Search models by id or owner').fill('model-1984');
    await expect.poll(ids).toEqual(['model-1984']);
    await table.getByRole('button', { name: 'Edit overrides for model-1984' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('dialog').filter({ hasText: 'model-1984' }).count())
      .toBe(1);
    await page.keyboard.press('Escape');
    await page.getByLabel('Search models by id or owner').fill('');
  });

  it('Chat: the picker opens with the rows in view, by vendor in natural order, and picks by keyboard', async () => {
    await openPage(page, 'Chat');
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.click();
    await expect.poll(() => picker.getAttribute('aria-expanded')).toBe('true');
    const listbox = page.getByRole('listbox', { name: 'Models' });
    expect(await listbox.getByRole('group', { name: 'sim' }).count()).toBe(1);
    expect(await elements()).toBeLessThanOrEqual(MAX_NODES);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);

    // End reaches the last model of the last vendor; Home comes back.
    await picker.press('End');
    await expect.poll(() => activeName(picker)).toBe('model-1990');
    expect(await listbox.getByRole('group', { name: 'vendor-20' }).count()).toBe(1);
    await picker.press('Home');
    await expect.poll(() => activeName(picker)).toBe('sim-all');

    // One vendor: model-2 right after model-1, model-10 tenth.
    await picker.fill('vendor-1');
    await expect
      .poll(async () => (await optionNames(picker)).slice(0, 3))
      .toEqual(['model-1', 'model-2', 'model-3']);
    for (let i = 0; i < 9; i += 1) await picker.press('ArrowDown');
    expect(await activeName(picker)).toBe('model-10');
    await picker.press('PageDown');
    expect(await activeName(picker)).toBe('model-18');

    // A model deep in the list: typed, then Enter.
    await picker.fill('model-1984');
    await expect.poll(() => optionNames(picker)).toEqual(['model-1984']);
    await picker.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe('model-1984');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
  });

  it('Tools: each slot is the same searchable picker, and picks by keyboard', async () => {
    await openPage(page, 'Tools');
    const codex = page.getByRole('region', { name: 'Codex CLI' });
    const picker = codex.getByRole('combobox', { name: 'Codex CLI model' });
    await expect.poll(() => picker.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await elements()).toBeLessThanOrEqual(MAX_NODES);

    await picker.click();
    await picker.pressSequentially('model-198');
    await expect
      .poll(async () => (await optionNames(picker)).slice(0, 3))
      .toEqual(['model-198', 'model-1980', 'model-1981']);
    expect(await elements()).toBeLessThanOrEqual(MAX_NODES);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await picker.press('End');
    expect(await activeName(picker)).toBe('model-1989');
    for (let i = 0; i < 5; i += 1) await picker.press('ArrowUp');
    await picker.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe('model-1984');
    // model-1984 speaks Ollama's format (the relay's models take the formats in turn).
    expect(await codex.innerText()).toContain('translated by the gateway');

    // A secondary slot offers "Same as the main model" first, and goes back to it.
    const claude = page.getByRole('region', { name: 'Claude Code' });
    const opus = claude.getByRole('combobox', { name: 'Opus', exact: true });
    expect(await opus.getAttribute('placeholder')).toBe('Same as the main model');
    await opus.fill('model-7');
    await opus.press('Enter');
    await expect.poll(() => opus.inputValue()).toBe('model-7');
    await opus.press('ArrowDown');
    await opus.press('Home');
    expect(await activeName(opus)).toBe('Same as the main model');
    await opus.press('Enter');
    await expect.poll(() => opus.inputValue()).toBe('');
  });
});
