import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { chromiumAvailable } from './chromium.ts';
import { finishFirstRun, startSeededApp, type SeededApp } from './seeded-app.ts';
import { wcagViolationsInBothThemes } from './wcag-both-themes.ts';

/**
 * The UI's language: the system's on first start (here the browser's locale, which Electron
 * takes from the OS), switched in Settings without a reload, and kept.
 */

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

let s: SeededApp;
let page: Page;

const sidebarLinks = (): Promise<string[]> =>
  page.locator('.sidebar nav').getByRole('link').allInnerTexts();

describe.skipIf(!ready)('the UI language', () => {
  beforeAll(async () => {
    s = await startSeededApp('env' in session ? session.env : {});
    // A second window, on a system whose language is Chinese.
    const context = await s.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('follows the system on first start', async () => {
    // The first run in the first window (an English system), so the app opens on its pages.
    await finishFirstRun(s);
    await page.goto(s.app.uiUrl);
    await expect
      .poll(sidebarLinks)
      .toEqual(['对话', '模型', '路由', '工具', '用量', '日志', '设置']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => page.getByRole('navigation', { name: '主导航' }).count()).toBe(1);
  });

  it('switches in Settings at once, without a reload, and keeps the choice', async () => {
    await page.getByRole('link', { name: '设置' }).click();
    const select = page.getByRole('combobox', { name: '语言' });
    await expect.poll(() => select.inputValue()).toBe('system');
    // The system's own language is named in the option that follows it.
    expect(await select.locator('option[value="system"]').innerText()).toContain('简体中文');
    const marker = await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);
    await select.selectOption('en');
    await expect
      .poll(sidebarLinks)
      .toEqual(['Chat', 'Models', 'Routes', 'Tools', 'Usage', 'Logs', 'Settings']);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Saved with the settings: a reload (and any other window) opens in it.
    await expect
      .poll(async () => (await s.rpc<{ language: string }>('settings.get')).language)
      .toBe('en');
    await page.reload();
    await expect
      .poll(sidebarLinks)
      .toEqual(['Chat', 'Models', 'Routes', 'Tools', 'Usage', 'Logs', 'Settings']);
  });

  it('goes back to the system language when asked to follow it', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('system');
    await expect.poll(sidebarLinks).toContain('设置');
    expect((await s.rpc<{ language: string }>('settings.get')).language).toBe('system');
  });

  it('shows the Usage, Logs and Routes pages in Chinese', async () => {
    for (const [link, heading] of [
      ['用量', '用量'],
      ['日志', '日志'],
      ['路由', '路由'],
    ] as const) {
      await page.locator('.sidebar nav').getByRole('link', { name: link }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: heading }).count())
        .toBe(1);
    }
    // Not only the title: the page's own texts follow (the Logs filters, the Routes button).
    await page.locator('.sidebar nav').getByRole('link', { name: '日志' }).click();
    await expect.poll(() => page.getByRole('search', { name: '筛选日志' }).count()).toBe(1);
    await page.locator('.sidebar nav').getByRole('link', { name: '路由' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: '新建路由' }).count())
      .toBeGreaterThan(0);
  });

  it('shows Settings and the header’s upstream state in Chinese', async () => {
    await page.locator('.sidebar nav').getByRole('link', { name: '设置' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: '设置' }).count()).toBe(1);
    for (const heading of ['上游', '本地网关', '本地令牌', '接入你的工具', '更新', '语言'])
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: heading, exact: true }).count())
        .toBe(1);
    // The header words the background check's verdict in the UI's language, never in English.
    const upstream = page.getByRole('status', { name: '上游状态' });
    await expect
      .poll(() => upstream.locator('.state-label').innerText())
      .toMatch(/^(上游可访问|上游无法访问|密钥被拒绝|已被限速|上游出错|没有上游密钥)$/);
    await expect
      .poll(() => page.getByRole('status', { name: '网关状态' }).innerText())
      .toContain('网关运行中');
  });

  it('stays accessible in Chinese, in both themes', async () => {
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
  });

  it('shows the Chat, Models and Tools pages in Chinese', async () => {
    const nav = page.locator('.sidebar nav');
    await nav.getByRole('link', { name: '对话' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: '对话' }).count()).toBe(1);
    await page.getByRole('button', { name: '新建对话' }).click();
    // An open conversation: the message box and the model picker, by their Chinese names.
    await expect.poll(() => page.getByRole('textbox', { name: '消息' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('combobox', { name: '模型' }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: '系统提示词' }).count())
      .toBeGreaterThan(0);

    await nav.getByRole('link', { name: '模型' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: '模型' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('columnheader', { name: '所有者' }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('searchbox', { name: '按 ID 或所有者搜索模型' }).count())
      .toBe(1);

    await nav.getByRole('link', { name: '工具' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: '工具' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: '重新检查' }).count()).toBe(1);
  });
});
