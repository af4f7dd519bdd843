import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { checkAccessibleNames } from './accessible-names.ts';
import { startApp, type RunningApp } from './app-process.ts';
import { chromiumAvailable, launchChromium } from './chromium.ts';

/** Where journey.test.ts saves its screenshots too. */
const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

/** A Codex config as a user has it: a comment, their own provider, and settings of theirs. */
const CODEX_CONFIG = `# My Codex settings: keep this comment
model = "o4-mini"
model_provider = "openai-direct"
approval_policy = "on-request"

[model_providers.openai-direct]
name = "OpenAI, no proxy"
base_url = "https://api.openai.com/v1"
env_key = "OPENAI_API_KEY"
`;

let sim: RunningSimulator;
let app: RunningApp;
let browser: Browser;
let page: Page;
let home: string;
const codexFile = () => join(home, '.codex', 'config.toml');
const codexCard = (): Locator => page.getByRole('region', { name: 'Codex CLI' });

/** Waits for the card's success message matching `text`, and returns it. */
async function successShown(card: Locator, text: RegExp): Promise<string> {
  const message = card.locator('.alert-success').getByText(text);
  await expect.poll(() => message.isVisible(), { timeout: 10_000 }).toBe(true);
  return message.innerText();
}

describe.skipIf(!ready)('the Tools page in Chromium, against the headless app', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    home = mkdtempSync(join(tmpdir(), 'mg-e2e-home-'));
    mkdirSync(join(home, '.codex'));
    writeFileSync(codexFile(), CODEX_CONFIG);
    sim = await startSimulator();
    app = await startApp('env' in session ? session.env : {}, ['--home', home]);
    browser = await launchChromium();
    // The smallest window the app supports: nothing may scroll sideways at this size.
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await sim?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('the first run ends by offering the Tools page', async () => {
    await page.goto(app.uiUrl);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByLabel('Base URL').fill(sim.url);
    await page.getByLabel('Upstream API key').fill(SIM_KEYS.full);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect
      .poll(() => page.getByText('Connected').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Connect your tools' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Tools' }).isVisible())
      .toBe(true);
    expect(page.url()).toMatch(/#\/tools$/);
  });

  it('shows each tool, detected or not, and connected or not', async () => {
    for (const name of [
      'Claude Code',
      'Codex CLI',
      'Gemini CLI',
      'OpenCode',
      'Shell (other tools)',
    ])
      await expect
        .poll(() => page.getByRole('region', { name }).isVisible(), { timeout: 15_000 })
        .toBe(true);
    const text = await codexCard().innerText();
    expect(text).toContain('Not connected');
    expect(text).toContain('0 requests');
    // Claude Code has a picker per model variable.
    const claude = page.getByRole('region', { name: 'Claude Code' });
    for (const label of [
      'Claude Code model',
      'Opus',
      'Sonnet',
      'Haiku (and background tasks)',
      'Sub-agents',
    ])
      expect(await claude.getByLabel(label, { exact: true }).count(), label).toBe(1);
  });

  it('shows the change before writing it, connects, and keeps the rest of the file', async () => {
    const card = codexCard();
    // The searchable picker (once the catalog is in; before, a plain id field): type, Enter.
    const picker = card.getByRole('combobox', { name: 'Codex CLI model', exact: true });
    await expect.poll(() => picker.isEnabled(), { timeout: 15_000 }).toBe(true);
    await picker.fill('sim-responses');
    await picker.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe('sim-responses');
    expect(await card.innerText()).toContain('responses: passed through');

    await card.getByRole('button', { name: 'Show the change' }).click();
    const diff = card.getByLabel('Change to ~/.codex/config.toml', { exact: true });
    await expect.poll(() => diff.isVisible(), { timeout: 10_000 }).toBe(true);
    const diffText = await diff.innerText();
    expect(diffText).toContain('+model_provider = "model-gateway"');
    expect(diffText).toContain('<new token for codex>');
    expect(diffText).toContain('+model = "sim-responses"');
    // Nothing written yet.
    expect(readFileSync(codexFile(), 'utf8')).toBe(CODEX_CONFIG);

    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await successShown(card, /Codex CLI is connected/);
    await expect.poll(async () => (await card.innerText()).includes('Not connected')).toBe(false);
    const confirmation = await card.innerText();
    expect(confirmation).toContain("created the token 'codex'");
    expect(confirmation).toContain('Connected');

    const written = readFileSync(codexFile(), 'utf8');
    // The gateway's provider: a table of its own at the end, after the user's.
    expect(written).toMatch(
      /\n\n\[model_providers\.model-gateway\]\n(?:[a-z_]+ = [^\n]*\n)*wire_api = "responses"\n[^[]*$/,
    );
    expect(written).not.toContain('<new token');
    expect(written).toContain('model = "sim-responses"');
    expect(written).toContain('model_provider = "model-gateway"');
    expect(written).toContain('# My Codex settings: keep this comment');
    expect(written).toContain('[model_providers.openai-direct]');
    expect(written).toContain('approval_policy = "on-request"');
  });

  it('names every control and fits 1024×768 without sideways scrolling', async () => {
    expect(await checkAccessibleNames(page)).toEqual([]);
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('main');
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        main: main ? main.scrollWidth - main.clientWidth : 0,
      };
    });
    expect(overflow).toEqual({ page: 0, main: 0 });
  });

  it('saves a screenshot of the page in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(300);
      await page.screenshot({ path: resolve(SCREENSHOT_DIR, `tools-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('disconnects: the file is back byte for byte', async () => {
    const card = codexCard();
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await successShown(card, /Codex CLI is disconnected/);
    expect(await card.innerText()).toContain("revoked the token 'codex'");
    // The Disconnect button is gone: focus moved to Connect, and the outcome was announced.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Connect');
    expect(await card.locator('[aria-live="polite"]').innerText()).toContain(
      'Codex CLI is disconnected',
    );
    expect(readFileSync(codexFile())).toEqual(Buffer.from(CODEX_CONFIG));
  });

  it('says when the file was changed outside, and then takes out only its own keys', async () => {
    const card = codexCard();
    await card.getByRole('button', { name: 'Connect', exact: true }).click();
    await successShown(card, /Codex CLI is connected/);
    const handEdit = '\n[tui]\nnotifications = true # added by hand\n';
    writeFileSync(codexFile(), `${readFileSync(codexFile(), 'utf8')}${handEdit}`);

    await page.getByRole('button', { name: 'Check again' }).click();
    await expect
      .poll(async () => (await card.innerText()).includes('Changed outside'), { timeout: 10_000 })
      .toBe(true);
    const text = await card.innerText();
    expect(text).toContain('~/.codex/config.toml changed since this app wrote it');
    expect(text).toContain('Connect will not overwrite it');
    // Only Disconnect is offered: connecting over the edit would lose it.
    expect(await card.getByRole('button', { name: /^Connect/ }).count()).toBe(0);

    await card.getByRole('button', { name: 'Disconnect' }).click();
    expect(await successShown(card, /Codex CLI is disconnected/)).toContain(
      'Took only the gateway’s keys out of ~/.codex/config.toml (it had other changes, which were kept)',
    );
    const after = readFileSync(codexFile(), 'utf8');
    expect(after).toBe(`${CODEX_CONFIG}${handEdit}`);
  });

  it('refuses a malformed file with its name and line, and says how to fix it', async () => {
    writeFileSync(codexFile(), `${CODEX_CONFIG}\n[broken\n`);
    const card = codexCard();
    await card.getByRole('button', { name: 'Show the change' }).click();
    const alert = card.getByRole('alert');
    await expect.poll(() => alert.isVisible(), { timeout: 10_000 }).toBe(true);
    const text = await alert.innerText();
    expect(text).toContain('~/.codex/config.toml');
    expect(text, text).toMatch(/line 11\b/);
    expect(text).toContain('move it out of the way');
    expect(readFileSync(codexFile(), 'utf8')).toBe(`${CODEX_CONFIG}\n[broken\n`);
  });
});
