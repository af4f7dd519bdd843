import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import {
  APP_PAGES,
  createToken,
  finishFirstRun,
  seedRequests,
  startSeededApp,
  type SeededApp,
} from './seeded-app.ts';

/**
 * Every page in Chinese, with data on it (requests in the log and Usage, a catalog, a token):
 * no English word is left in what a person sees, but for what stays English on purpose — code,
 * model names, URLs, format, product and protocol names.
 */

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

/** Names that are English in a Chinese UI too: formats, products, protocols, units. */
const KEPT = new Set(
  [
    // Formats and APIs
    'chat-completions',
    'responses',
    'messages',
    'generatecontent',
    'streamgeneratecontent',
    'ollama',
    'anthropic',
    'gemini',
    'openai',
    'google',
    'native',
    'api',
    'sdk',
    'sdks',
    'json',
    'jsonl',
    'csv',
    'markdown',
    'http',
    'https',
    'url',
    'urls',
    'sse',
    'curl',
    'cors',
    'ttfb',
    'retry-after',
    'rpm',
    'tpm',
    'usd',
    'utc',
    'bearer',
    'token',
    'tokens',
    // Products and tools
    'model',
    'gateway',
    'claude',
    'code',
    'codex',
    'cli',
    'opencode',
    'continue',
    'cursor',
    'langchain',
    'vercel',
    'python',
    'node',
    'electron',
    'opus',
    'sonnet',
    'haiku',
    'github',
    'env',
    'localhost',
    'keychain',
    'shell',
    'git',
    'javascript',
    'chat',
    'kib',
    // The simulator's vendor: catalog data, as model ids are
    'sim',
  ].map((word) => word.toLowerCase()),
);

/**
 * Visible text, without code, inputs and what the page marks as not to be translated
 * (`translate="no"`: model ids, paths), each text node once.
 */
const visibleText = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const skip = 'code, pre, kbd, samp, textarea, script, style, [translate="no"], .sr-only-code';
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(skip)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    return out;
  });

describe.skipIf(!ready)('every page in Chinese', () => {
  let s: SeededApp;
  let page: Page;
  let modelIds: string[] = [];

  beforeAll(async () => {
    s = await startSeededApp('env' in session ? session.env : {});
    const context = await s.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'zh-CN',
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('leaves no English words on any page', async () => {
    await finishFirstRun(s);
    // A token named in Chinese, as its owner would: its name is data, shown as typed.
    await seedRequests(s, await createToken(s, '编辑器'));
    modelIds = (await s.rpc<{ id: string }[]>('models.list', {})).map((m) => m.id);
    await page.goto(s.app.uiUrl);
    const leftovers: string[] = [];
    for (const { hash } of APP_PAGES) {
      await page.evaluate((h) => (window.location.hash = h), hash);
      await expect.poll(() => page.locator('main h1').count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(() => page.locator('[aria-busy="true"], .spin').count(), { timeout: 10_000 })
        .toBe(0);
      await page.waitForTimeout(300);
      // For the README, beside the English ones (docs/screenshots/*-zh-light.png).
      if (hash === 'models' || hash === 'usage') {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${hash}-zh-light.png`) });
      }
      for (const text of await visibleText(page)) {
        // URLs, paths, package names, token prefixes and model-like ids are data, not words.
        let rest = text
          .replace(/https?:\/\/\S+/g, ' ')
          .replace(/(^|\s)[~/][\w./~-]+/g, ' ')
          .replace(/@[\w/.-]+/g, ' ')
          .replace(/\bmgw_[\w-]+/g, ' ')
          .replace(/\b[a-z0-9]+(?:[-.][a-z0-9]+)+\b/g, ' ');
        for (const id of modelIds) rest = rest.split(id).join(' ');
        const words = rest.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? [];
        const english = words.filter(
          (word) => word.length > 2 && !KEPT.has(word.toLowerCase()) && !/^[A-Z0-9-]+$/.test(word),
        );
        if (english.length > 0) leftovers.push(`${hash}: “${text}”`);
      }
    }
    expect(leftovers).toEqual([]);
  });
});
