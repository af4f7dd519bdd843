import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keychainTestEnv } from '../keychain-session.ts';
import { seriousWcagViolations } from './axe-wcag.ts';
import { chromiumAvailable } from './chromium.ts';
import { wcagViolationsInBothThemes } from './wcag-both-themes.ts';
import {
  createToken,
  finishFirstRun,
  openPage,
  startSeededApp,
  type SeededApp,
} from './seeded-app.ts';

const session = keychainTestEnv(inject('keychainEnv'));
const ready = 'env' in session && chromiumAvailable();
if (!chromiumAvailable()) it.skip('Chromium is not installed (apt-get install chromium)', () => {});
if ('skipped' in session) it.skip(session.skipped, () => {});

const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

let s: SeededApp;
let page: Page;

const composer = (): Locator => page.getByRole('textbox', { name: 'Message', exact: true });
const answers = (): Locator => page.getByRole('article', { name: 'Assistant message' });

const picker = (): Locator => page.getByRole('combobox', { name: 'Model' });

/** Starts a conversation and waits until it is the one open (the list has it, current). */
async function newChat(): Promise<void> {
  const items = page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem');
  const before = await items.count();
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(before + 1);
}

/** Picks a model as a keyboard user does: type to filter, Enter on the exact match. */
async function chooseModel(id: string): Promise<void> {
  await picker().fill(id);
  await picker().press('Enter');
  await expect.poll(() => picker().inputValue()).toBe(id);
}

/** A new conversation with a long, slowly streamed answer on its way. */
async function startLongAnswer(question: string): Promise<void> {
  await newChat();
  await chooseModel('sim-gemini');
  await composer().fill(`[[sim:slow-chunks=150]] [[sim:long=80]] ${question}`);
  await composer().press('Enter');
  await expect
    .poll(() => page.getByRole('button', { name: 'Stop', exact: true }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
  await expect
    .poll(
      () =>
        answers()
          .last()
          .getByText(/lorem ipsum/)
          .count(),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
}

/** An answer as a model might write it, with the tricks a hostile one might try. */
const MARKDOWN_ANSWER = [
  'Here is **the code**:',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  '| Name | Size |',
  '| --- | ---: |',
  '| a | 1 |',
  '',
  '- [x] ~~done~~',
  '- [ ] to do',
  '',
  '<script>alert("script")</script>',
  '',
  '<img src=x onerror=alert("block-img")>',
  '',
  'Inline <img src=x onerror=alert("inline-img")>, [a](javascript:alert("a")),',
  '[b](JAVASCRIPT:alert("b")), ![c](javascript:alert("c")),',
  '[d](https://example.com "d\\" onmouseover=\\"alert(\'d\')"), <javascript:alert("e")>,',
  '[f](&#106;avascript:alert("f")) and www.example.com.',
  '',
  '```"><img src=x onerror=alert("fence")>',
  'plain',
  '```',
].join('\n');

async function expectStoppedAnswer(): Promise<void> {
  await expect
    .poll(() => page.getByRole('button', { name: 'Send', exact: true }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
  await expect
    .poll(() => answers().last().getByText('Stopped', { exact: true }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
}

describe.skipIf(!ready)('the Chat page in Chromium, with the simulator as upstream', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    s = await startSeededApp('env' in session ? session.env : {});
    page = s.page;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gets through the first run to the Chat page', async () => {
    await page.goto(s.app.uiUrl);
    await finishFirstRun(s);
  });

  it('labels an answer stopped with the Stop button, also after reopening it', async () => {
    await startLongAnswer('stop me with the button');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expectStoppedAnswer();
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'chat-stopped-light.png') });
    // The flag is saved with the message: a fresh page load still shows it.
    await page.reload();
    await expect
      .poll(() => answers().last().getByText('Stopped', { exact: true }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    // An answer that finished is not labelled.
    await newChat();
    await chooseModel('sim-gemini');
    await composer().fill('A short one');
    await composer().press('Enter');
    await expect
      .poll(() => page.getByText('Simulated reply to: "A short one"').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Send', exact: true }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await answers().last().getByText('Stopped', { exact: true }).count()).toBe(0);
  });

  it('stops an answer with Escape from the message box', async () => {
    await startLongAnswer('stop me with escape');
    await expect.poll(() => composer().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expectStoppedAnswer();
    // The upstream saw the gateway close its connection.
    await s.sim.waitFor(
      (entry) => entry.rawBody.includes('stop me with escape') && entry.clientClosedEarly,
      5_000,
    );
  });

  it('stops an answer with Escape when nothing has the focus', async () => {
    await startLongAnswer('stop me from the page');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expectStoppedAnswer();
  });

  it('filters the model picker, moves with the keyboard, and explains models that cannot chat', async () => {
    await newChat();
    await picker().click();
    await expect.poll(() => picker().getAttribute('aria-expanded')).toBe('true');
    const listbox = page.getByRole('listbox', { name: 'Models' });
    // Grouped by owner, each model with its formats and price.
    expect(await listbox.getByRole('group', { name: 'sim' }).count()).toBe(1);
    const gemini = listbox.getByRole('option', { name: /^sim-gemini\b/ }).first();
    expect(await gemini.innerText()).toContain('(native)');
    expect(await gemini.innerText()).toContain('$');
    // The embeddings-only model is listed, disabled, with why.
    const embed = listbox.getByRole('option', { name: /sim-embed/ });
    expect(await embed.getAttribute('aria-disabled')).toBe('true');
    expect(await embed.innerText()).toContain('Cannot chat');
    // The open list passes axe's WCAG 2.1 A/AA rules (the combobox/listbox pattern, contrast).
    expect(await seriousWcagViolations(page)).toEqual([]);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'chat-model-picker-light.png') });

    // Typing filters; arrows move the highlight (aria-activedescendant); Enter picks.
    await picker().fill('gemini');
    const names = await listbox
      .getByRole('option')
      .evaluateAll((els) => els.map((el) => el.querySelector('.model-option-name')?.textContent));
    expect(names).toEqual(['sim-gemini', 'sim-gemini-chat']);
    const activeName = () =>
      picker().evaluate((el) => {
        const id = el.getAttribute('aria-activedescendant');
        return id
          ? document.getElementById(id)?.querySelector('.model-option-name')?.textContent
          : null;
      });
    expect(await activeName()).toBe('sim-gemini');
    await picker().press('ArrowDown');
    expect(await activeName()).toBe('sim-gemini-chat');
    await picker().press('ArrowDown');
    expect(await activeName()).toBe('sim-gemini');
    await picker().press('ArrowUp');
    await picker().press('Enter');
    await expect.poll(() => picker().inputValue()).toBe('sim-gemini-chat');
    expect(await picker().getAttribute('aria-expanded')).toBe('false');

    // Escape closes the list and keeps the model.
    await picker().press('ArrowDown');
    await picker().fill('zzz-none');
    expect(await listbox.innerText()).toContain('No model matches');
    await picker().press('Escape');
    expect(await picker().getAttribute('aria-expanded')).toBe('false');
    expect(await picker().inputValue()).toBe('sim-gemini-chat');
  });

  it('regenerates an answer, edits and resends a question, deletes a message', async () => {
    await newChat();
    await chooseModel('sim-chat');
    await composer().fill('First question');
    await composer().press('Enter');
    const reply = (q: string) => page.getByText(`Simulated reply to: "${q}"`);
    await expect.poll(() => reply('First question').count(), { timeout: 15_000 }).toBe(1);
    const asked = (q: string) => s.sim.journal.filter((e) => e.rawBody.includes(q)).length;
    const before = asked('First question');

    await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect.poll(() => asked('First question'), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => reply('First question').count(), { timeout: 15_000 }).toBe(1);

    // Edited: a new version of the question is shown, with its answer (the old ones are kept).
    const question = page.getByRole('article', { name: 'You message' });
    await question.getByRole('button', { name: 'Edit and send again' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await expect.poll(() => editor.evaluate((el) => el === document.activeElement)).toBe(true);
    await editor.fill('Edited question');
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'chat-edit-message-light.png') });
    await page.getByRole('button', { name: 'Send again', exact: true }).click();
    await expect.poll(() => reply('Edited question').count(), { timeout: 15_000 }).toBe(1);
    expect(await reply('First question').count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(2);
    expect(await question.innerText()).toContain('Edited question');
    const sent = s.sim.journal.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages.map((m) => m.content)).toEqual(['Edited question']);

    // Delete the answer: gone now and after a reload.
    await expect
      .poll(() => answers().getByRole('button', { name: 'Delete message' }).isEnabled(), {
        timeout: 10_000,
      })
      .toBe(true);
    await answers().getByRole('button', { name: 'Delete message' }).click();
    await expect.poll(() => answers().count()).toBe(0);
    await page.reload();
    await expect
      .poll(() => page.getByRole('article', { name: 'You message' }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await answers().count()).toBe(0);
  });

  it('keeps each version of an answer and of a question, and shows the one chosen', async () => {
    await newChat();
    await chooseModel('sim-chat');
    await composer().fill('Branch question');
    await composer().press('Enter');
    const fullReply = page.getByText(
      'Simulated reply to: "Branch question". This answer comes from the upstream simulator',
    );
    await expect.poll(() => fullReply.count(), { timeout: 15_000 }).toBe(1);
    const regenerate = page.getByRole('button', { name: 'Regenerate', exact: true });
    await expect.poll(() => regenerate.isEnabled(), { timeout: 10_000 }).toBe(true);

    // The simulator answers a request the same way each time: a cap on tokens tells the second
    // answer from the first.
    const setMaxTokens = async (value: string, summary: string | null) => {
      // Named "Parameters (set)" while some are.
      await page.getByRole('button', { name: /^Parameters/ }).click();
      const form = page.getByRole('form', { name: 'Parameters' });
      await form.getByLabel('Max tokens').fill(value);
      await form.getByRole('button', { name: 'Save parameters' }).click();
      if (summary) await expect.poll(() => page.getByText(summary).count()).toBe(1);
      else await expect.poll(() => form.count()).toBe(0);
    };
    await setMaxTokens('3', 'max 3 tokens');
    await regenerate.click();
    const count = (text: string) => page.getByText(text, { exact: true });
    await expect.poll(() => count('2 / 2').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => regenerate.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await fullReply.count()).toBe(0);
    expect(await answers().count()).toBe(1);
    expect(await answers().innerText()).toContain('Simulated reply');
    await setMaxTokens('', null);
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'chat-versions-light.png') });

    // Back to the first answer, with the button that showed it still focused.
    const previous = answers().getByRole('button', { name: 'Previous version' });
    const next = answers().getByRole('button', { name: 'Next version' });
    await previous.click();
    await expect.poll(() => count('1 / 2').count(), { timeout: 10_000 }).toBe(1);
    expect(await fullReply.count()).toBe(1);
    expect(await previous.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    // And forward again from the keyboard.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => count('2 / 2').count(), { timeout: 10_000 }).toBe(1);
    expect(await fullReply.count()).toBe(0);
    await previous.click();
    await expect.poll(() => fullReply.count(), { timeout: 10_000 }).toBe(1);

    // An edited question is a second version of it, answered; the first keeps its answers.
    const question = page.getByRole('article', { name: 'You message' });
    await question.getByRole('button', { name: 'Edit and send again' }).click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('Reworded branch');
    await page.getByRole('button', { name: 'Send again', exact: true }).click();
    await expect
      .poll(() => page.getByText('Simulated reply to: "Reworded branch"').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect.poll(() => regenerate.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await question.getByText('2 / 2', { exact: true }).count()).toBe(1);
    const sent = s.sim.journal.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages.map((m) => m.content)).toEqual(['Reworded branch']);
    await question.getByRole('button', { name: 'Previous version' }).click();
    await expect
      .poll(() => question.getByText('1 / 2', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await question.innerText()).toContain('Branch question');
    // Under it, its newest answer: the second.
    expect(await fullReply.count()).toBe(0);
    expect(await answers().getByText('2 / 2', { exact: true }).count()).toBe(1);
    expect(await seriousWcagViolations(page)).toEqual([]);

    // Markdown holds what is on screen; JSON every version, linked, and which are shown.
    const save = async (name: string): Promise<string> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      return readFileSync(await download.path(), 'utf8');
    };
    const markdown = await save('Export as Markdown');
    expect(markdown).toContain('Branch question');
    expect(markdown).not.toContain('Reworded branch');
    const json = JSON.parse(await save('Export as JSON')) as {
      messages: { id: string; parentId: string | null; content: string }[];
      shownPath: string[];
    };
    expect(json.messages.map((m) => m.content.slice(0, 15))).toEqual([
      'Branch question',
      'Simulated reply',
      'Simulated reply',
      'Reworded branch',
      'Simulated reply',
    ]);
    expect(json.messages.map((m) => m.parentId)).toEqual([
      null,
      json.messages[0]?.id,
      json.messages[0]?.id,
      null,
      json.messages[3]?.id,
    ]);
    expect(json.shownPath).toEqual([json.messages[0]?.id, json.messages[2]?.id]);

    // The versions chosen are kept with the conversation.
    await answers().getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => fullReply.count(), { timeout: 10_000 }).toBe(1);
    await page.reload();
    await expect.poll(() => fullReply.count(), { timeout: 10_000 }).toBe(1);
    expect(await question.getByText('1 / 2', { exact: true }).count()).toBe(1);
    expect(await answers().getByText('1 / 2', { exact: true }).count()).toBe(1);
  });

  it('sends the conversation’s parameters, which the request log shows', async () => {
    await s.rpc('settings.update', { captureBodies: true });
    await newChat();
    await chooseModel('sim-chat');
    await page.getByRole('button', { name: 'Parameters', exact: true }).click();
    const form = page.getByRole('form', { name: 'Parameters' });
    await form.getByLabel('Temperature').fill('0.3');
    await form.getByLabel('Max tokens').fill('256');
    await form.getByLabel('Reasoning effort').selectOption('low');
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'chat-parameters-light.png') });
    await form.getByRole('button', { name: 'Save parameters' }).click();
    await expect
      .poll(() => page.getByText('temperature 0.3 · max 256 tokens · reasoning low').count())
      .toBe(1);
    await composer().fill('With parameters');
    await composer().press('Enter');
    await expect
      .poll(() => page.getByText('Simulated reply to: "With parameters"').count(), {
        timeout: 15_000,
      })
      .toBe(1);

    await openPage(page, 'Logs');
    const rows = page
      .getByRole('table', { name: 'Request log' })
      .locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await rows.first().click();
    const detail = page.getByRole('dialog');
    await expect.poll(() => detail.innerText(), { timeout: 10_000 }).toContain('With parameters');
    const text = await detail.innerText();
    expect(text).toMatch(/"temperature": 0\.3/);
    expect(text).toMatch(/"max_completion_tokens": 256/);
    expect(text).toMatch(/"reasoning_effort": "low"/);
    await page.keyboard.press('Escape');
    await openPage(page, 'Chat');
  });

  it('exports the open conversation as Markdown and as JSON', async () => {
    // The conversation of the previous test is open: 'With parameters' and its answer.
    const save = async (name: string): Promise<string> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      const path = await download.path();
      return readFileSync(path, 'utf8');
    };
    const markdown = await save('Export as Markdown');
    expect(markdown).toMatch(/^# With parameters\n/);
    expect(markdown).toContain('- Model: `sim-chat`');
    expect(markdown).toContain('temperature 0.3');
    expect(markdown).toContain('## You\n\nWith parameters');
    expect(markdown).toMatch(/## Assistant \(sim-chat\)\n\nSimulated reply to: "With parameters"/);
    const json = JSON.parse(await save('Export as JSON')) as {
      title: string;
      params: { temperature: number };
      messages: { role: string; content: string }[];
    };
    expect(json.title).toBe('With parameters');
    expect(json.params.temperature).toBe(0.3);
    expect(json.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('searches conversations by title and by what was said in them', async () => {
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    const listed = () =>
      page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((i) => i.querySelector('.conversation-title')?.textContent ?? ''),
        );
    // A word only in a message of 'First question' (its question was edited).
    await search.fill('edited');
    await expect.poll(listed, { timeout: 5_000 }).toEqual(['First question']);
    // Every word must match, in the title or the messages.
    await search.fill('parameters reply');
    await expect.poll(listed, { timeout: 5_000 }).toEqual(['With parameters']);
    await search.fill('nothing-says-this');
    await expect
      .poll(() => page.getByText('No conversation contains “nothing-says-this”.').count())
      .toBe(1);
    await search.fill('');
    await expect.poll(async () => (await listed()).length).toBeGreaterThan(3);
  });

  it('opens a 200-message conversation with only the messages in view in the page', async () => {
    const conversation = await s.rpc<{ id: string }>('chat.create', { model: 'sim-chat' });
    for (let i = 0; i < 100; i += 1) {
      // The app refuses a question while the previous answer is being written: wait for it.
      for (;;) {
        try {
          await s.rpc('chat.send', { conversationId: conversation.id, content: `long chat ${i}` });
          break;
        } catch (error) {
          if (!String(error).includes('Stop it first')) throw error;
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    }
    await expect
      .poll(
        async () => {
          const c = await s.rpc<{ messages: { content: string }[] }>('chat.get', {
            id: conversation.id,
          });
          return c.messages.length === 200 && c.messages.every((m) => m.content !== '');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^long chat 0/ })
      .click();
    // Opened at the newest message, as the user left it.
    await expect
      .poll(() => page.getByText('Simulated reply to: "long chat 99"').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    const articles = await page.getByRole('article').count();
    expect(articles).toBeGreaterThan(2);
    expect(articles).toBeLessThan(30);
    // The whole page, not only the list: 4,404 element nodes before virtualising.
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(1500);
    // Scrolling up brings the first messages in (and the last ones out).
    await page.locator('.message-scroll').evaluate((el) => (el.scrollTop = 0));
    await expect
      .poll(
        () =>
          page
            .getByRole('log', { name: 'Messages' })
            .getByText('long chat 0', { exact: true })
            .isVisible(),
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(await page.getByText('Simulated reply to: "long chat 99"').count()).toBe(0);
  });

  it('renders an answer’s Markdown safely, its code highlighted and copied with its button', async () => {
    await s.rpc('settings.update', { captureBodies: true });
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(s.app.url).origin,
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // A client's request whose history holds the answer, opened in chat as Logs does.
    const token = await createToken(s, 'markdown');
    const response = await fetch(`${s.app.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'sim-chat',
        messages: [
          { role: 'user', content: 'Show me Markdown' },
          { role: 'assistant', content: MARKDOWN_ANSWER },
          { role: 'user', content: 'Thanks' },
        ],
      }),
    });
    await response.arrayBuffer();
    await s.rpc('chat.fromLog', { requestId: response.headers.get('x-request-id') });
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^Show me Markdown/ })
      .click();
    const answer = answers().first();
    const markdown = answer.locator('.markdown:not(.markdown-loading)');
    // Highlighted once the TypeScript grammar has loaded.
    await expect
      .poll(() => markdown.locator('code.hljs.language-ts .hljs-keyword').count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    const found = await markdown.evaluate((root) => ({
      scripts: root.querySelectorAll('script, iframe, object, embed').length,
      handlers: Array.from(root.querySelectorAll('*')).flatMap((el) =>
        el.getAttributeNames().filter((name) => name.startsWith('on')),
      ),
      links: Array.from(root.querySelectorAll('a'), (a) => ({
        href: a.getAttribute('href'),
        protocol: a.getAttribute('href') ? a.protocol : '',
        target: a.target,
        rel: a.rel,
      })),
      images: Array.from(root.querySelectorAll('img'), (img) => img.getAttribute('src')),
      text: root.textContent ?? '',
      table: root.querySelectorAll('table th, table td').length,
      struck: root.querySelector('del')?.textContent,
      boxes: Array.from(root.querySelectorAll('input[type="checkbox"]'), (box) => ({
        checked: (box as HTMLInputElement).checked,
        disabled: (box as HTMLInputElement).disabled,
      })),
      fenceClass: root.querySelectorAll('pre code')[1]?.className,
    }));
    expect(found.scripts).toBe(0);
    expect(found.handlers).toEqual([]);
    expect(found.links.map((l) => l.href)).toEqual([
      '',
      '',
      'https://example.com',
      '',
      '',
      'http://www.example.com',
    ]);
    expect(found.links.every((l) => l.protocol !== 'javascript:')).toBe(true);
    expect(found.links.every((l) => l.target === '_blank' && l.rel === 'noreferrer noopener')).toBe(
      true,
    );
    expect(found.images).toEqual([null]);
    expect(found.text).toContain('<script>alert("script")</script>');
    expect(found.text).toContain('Inline <img src=x onerror=alert("inline-img")>');
    expect(found.table).toBe(4);
    expect(found.struck).toBe('done');
    expect(found.boxes).toEqual([
      { checked: true, disabled: true },
      { checked: false, disabled: true },
    ]);
    expect(found.fenceClass).toBe('language-"><img');
    expect(dialogs).toEqual([]);

    // Each code block's Copy button copies its code, says so, and shows a check for a moment.
    const copy = markdown.getByRole('button', { name: 'Copy code', exact: true });
    expect(await copy.count()).toBe(2);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await copy.first().click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('const answer: number = 42;\n');
    await expect
      .poll(() =>
        page.locator('.toasts .toast').filter({ hasText: 'Copied to the clipboard' }).count(),
      )
      .toBeGreaterThan(0);
    expect(await copy.first().locator('svg.lucide-check').count()).toBe(1);
    await expect
      .poll(() => copy.first().locator('svg.lucide-copy').count(), { timeout: 5_000 })
      .toBe(1);
    // A real button: the keyboard works it too.
    await copy.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('plain\n');
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'chat-markdown-light.png') });
    expect(await wcagViolationsInBothThemes(page)).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
