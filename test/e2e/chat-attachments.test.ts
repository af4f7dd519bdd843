import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { checkAccessibleNames } from './accessible-names.ts';
import { chromiumAvailable } from './chromium.ts';
import { gradientPng } from './png-fixture.ts';
import { finishFirstRun, startSeededApp, type SeededApp } from './seeded-app.ts';
import { useTheme, wcagViolationsInBothThemes } from './wcag-both-themes.ts';

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');
const PNG = gradientPng(96, 64);
const NOTES = '# Release plan\n\n1. Freeze\n2. Ship\n';

let s: SeededApp;
let page: Page;

const composer = (): Locator => page.getByRole('textbox', { name: 'Message', exact: true });
const picker = (): Locator => page.getByRole('combobox', { name: 'Model' });
const pending = (): Locator =>
  page.locator('form.composer').getByRole('list', { name: 'Attached files' });
const answers = (): Locator => page.getByRole('article', { name: 'Assistant message' });
const questions = (): Locator => page.getByRole('article', { name: 'You message' });

async function newChat(model: string): Promise<void> {
  const items = page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem');
  const before = await items.count();
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(before + 1);
  await picker().fill(model);
  await picker().press('Enter');
  await expect.poll(() => picker().inputValue()).toBe(model);
}

/** Attaches files with the paperclip button, through the browser's file chooser. */
async function attach(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Attach images or text files' }).click(),
  ]);
  await chooser.setFiles(files);
}

/** Hands files to the page as a paste into the message box or a drop on the composer does. */
async function deliver(how: 'paste' | 'drop', name: string, base64: string): Promise<void> {
  await page.evaluate(
    ({ how, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      if (how === 'paste') {
        const box = document.getElementById('chat-composer');
        box?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      } else {
        const form = document.querySelector('form.composer');
        for (const type of ['dragenter', 'dragover', 'drop']) {
          form?.dispatchEvent(
            new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
          );
        }
      }
    },
    { how, name, base64 },
  );
}

const chipNames = (list: Locator): Promise<string[]> =>
  list.locator('.attachment-name').evaluateAll((els) => els.map((el) => el.textContent ?? ''));

describe.skipIf(!ready)('chat attachments in Chromium, with the simulator as upstream', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    s = await startSeededApp('env' in session ? session.env : {});
    page = s.page;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gets through the first run to the Chat page, bodies captured', async () => {
    await page.goto(s.app.uiUrl);
    await finishFirstRun(s);
    await s.rpc('settings.update', { captureBodies: true });
  });

  it('attaches an image and a text file with the button, and removes one again', async () => {
    await newChat('sim-gemini');
    await attach([
      { name: 'gradient.png', mimeType: 'image/png', buffer: PNG },
      { name: 'plan.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
      { name: 'extra.txt', mimeType: 'text/plain', buffer: Buffer.from('spare') },
    ]);
    await expect.poll(() => chipNames(pending())).toEqual(['gradient.png', 'plan.md', 'extra.txt']);
    expect(await pending().locator('img.attachment-thumb').count()).toBe(1);
    await pending().getByRole('button', { name: 'Remove extra.txt' }).click();
    expect(await chipNames(pending())).toEqual(['gradient.png', 'plan.md']);
    // The new controls are named, and the composer with files passes axe in both themes.
    expect(await checkAccessibleNames(page)).toEqual([]);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
  });

  it('sends them: the request log holds an image part and the file inlined', async () => {
    await composer().fill('What do these show?');
    await composer().press('Enter');
    await expect
      .poll(() => answers().last().innerText(), { timeout: 15_000 })
      .toContain('I see 1 image.');
    // The message shows its files; the composer is empty again.
    expect(await chipNames(questions().last())).toEqual(['gradient.png', 'plan.md']);
    expect(await pending().count()).toBe(0);

    // The chat talks to the gateway as a chat-completions client: an image_url part with a
    // data: URL, the file as a text part with its name.
    const { rows } = await s.rpc<{ rows: { requestId: string }[] }>('logs.search', {
      filter: { client: 'app' },
      limit: 1,
    });
    const entry = await s.rpc<{ capture: { requestBody: string } }>('logs.get', {
      requestId: rows[0]?.requestId,
    });
    const body = JSON.parse(entry.capture.requestBody) as {
      messages: { content: { type: string; text?: string; image_url?: { url: string } }[] }[];
    };
    const parts = body.messages[0]?.content ?? [];
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url', 'text']);
    expect(parts[1]?.image_url?.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(parts[2]?.text).toBe(`Attached file: plan.md\n\`\`\`\n${NOTES}\n\`\`\``);
  });

  it('takes a pasted and a dropped image, and says why a file is refused', async () => {
    const base64 = PNG.toString('base64');
    await deliver('paste', 'pasted.png', base64);
    await expect.poll(() => chipNames(pending())).toEqual(['pasted.png']);
    await deliver('drop', 'dropped.png', base64);
    await expect.poll(() => chipNames(pending())).toEqual(['pasted.png', 'dropped.png']);

    const tooBig = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    await attach([
      { name: 'huge.png', mimeType: 'image/png', buffer: tooBig },
      { name: 'old.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM') },
      { name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') },
    ]);
    const problems = page.locator('form.composer').getByRole('alert');
    await expect.poll(() => problems.innerText()).toContain('huge.png is 6 MB');
    const said = await problems.innerText();
    expect(said).toContain('an image can be at most 5 MB');
    expect(said).toContain('old.bmp: only PNG, JPEG, WebP or GIF images can be attached.');
    expect(said).toContain('paper.pdf: only images');
    // The refused files were not added; the others stay.
    expect(await chipNames(pending())).toEqual(['pasted.png', 'dropped.png']);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await useTheme(page, scheme);
      await page.screenshot({ path: resolve(SCREENSHOT_DIR, `chat-attachments-${scheme}.png`) });
    }
    await useTheme(page, 'light');
    await pending().getByRole('button', { name: 'Remove pasted.png' }).click();
    await pending().getByRole('button', { name: 'Remove dropped.png' }).click();
    expect(await pending().count()).toBe(0);
  });

  it('shows a text-only model’s refusal of an image in its words, with what to do', async () => {
    await newChat('sim-per-call');
    await attach([{ name: 'gradient.png', mimeType: 'image/png', buffer: PNG }]);
    await expect.poll(() => chipNames(pending())).toEqual(['gradient.png']);
    // Files alone can be sent.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const error = answers().last().getByRole('alert');
    await expect
      .poll(() => error.innerText(), { timeout: 15_000 })
      .toContain('image_url is only supported by certain models');
    await expect
      .poll(() => answers().last().innerText())
      .toContain('If this model reads only text, choose one that takes images and regenerate.');
    // The conversation is named after the file sent without words (the title lands on its own).
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'gradient.png' }).count())
      .toBe(1);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
  });

  it('keeps the files with their messages after a reload', async () => {
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^What do these show\?/ })
      .click();
    await expect
      .poll(() => chipNames(questions().last()), { timeout: 10_000 })
      .toEqual(['gradient.png', 'plan.md']);
    const thumb = questions().last().locator('img.attachment-thumb');
    // Drawn, not only present: the stored bytes are an image the browser decodes.
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(96);
  });
});
