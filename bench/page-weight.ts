/**
 * `npm run bench:ui`: what opening each page of the UI costs, with 2,000 requests in the log
 * and an upstream (a relay) that lists 2,000 models, what opening the chat's model picker and
 * searching it costs, and what opening a 200-message conversation costs.
 * Per page: the JavaScript it downloads on a first load (decoded bytes, every script the page
 * fetched before it showed its heading), the longest main-thread task (PerformanceObserver
 * `longtask`) while the page opens from another page of the app, as a user moves between them,
 * and the DOM nodes (elements) it then holds. Budgets: 500 KB, 50 ms and 3,000 nodes. Runs the built UI
 * (`out/`, built by the npm script first) in the headless app against the simulator, in
 * Debian's Chromium; writes bench/results/page-weight.md and .json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RPC_PATH } from '../shared/contract.ts';
import { startApp } from '../test/e2e/app-process.ts';
import { launchChromium } from '../test/e2e/chromium.ts';
import { SIM_KEYS, SIM_MODELS, startSimulator } from '../test/upstream-sim/index.ts';
import {
  CONVERSATION_MESSAGES,
  longestConversationOpening,
  seedConversations,
} from './conversation-opening.ts';

const RESULTS = resolve(import.meta.dirname, 'results');
const LOGGED_REQUESTS = 2_000;
/** Models the upstream lists: a relay that aggregates many channels. */
const CATALOG_MODELS = 2_000;
const BUDGET_KB = 500;
const BUDGET_TASK_MS = 50;
const BUDGET_NODES = 3_000;
/** A model deep in the catalog, searched for in the picker. */
const DEEP_MODEL = 'model-1984';
/** Each page opened this many times from another page; the worst run counts. */
const OPENINGS = 3;

const PAGES = [
  { name: 'Chat', hash: 'chat' },
  { name: 'Models', hash: 'models' },
  { name: 'Routes', hash: 'routes' },
  { name: 'Tools', hash: 'tools' },
  { name: 'Usage', hash: 'usage' },
  { name: 'Logs', hash: 'logs' },
  { name: 'Settings', hash: 'settings' },
] as const;

interface PageFigures {
  page: string;
  /** Null for a row that measures an opening only (no first load of its own). */
  scriptKb: number | null;
  scripts: number | null;
  longestTaskMs: number;
  /** Nodes in the document once the page has opened; null where not measured. */
  domNodes: number | null;
}

const log = (line: string): void => {
  process.stderr.write(`[page-weight] ${line}\n`);
};

/** Keeps the longest task the page has run since the last reset in `window.__longestTask`. */
const LONG_TASK_PROBE = `
  window.__longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longestTask = Math.max(window.__longestTask, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/** The elements of the document (text nodes aside: one per element at most, in these pages). */
function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

const resetLongestTask = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __longestTask: number }).__longestTask = 0));
const longestTask = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longestTask: number }).__longestTask);

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).first().waitFor({ timeout: 30_000 });
}

async function firstLoad(browser: Browser, uiUrl: string, target: (typeof PAGES)[number]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      sizes.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      );
    }
  });
  await page.goto(`${uiUrl}#/${target.hash}`);
  await heading(page, target.name);
  // Not 'networkidle': the app's event stream stays open. Late chunks come within this.
  await page.waitForTimeout(1_500);
  const bytes = (await Promise.all(sizes)).reduce((n, b) => n + b, 0);
  await context.close();
  return { scriptKb: bytes / 1024, scripts: sizes.length };
}

interface Opening {
  longestTaskMs: number;
  domNodes: number;
}

async function longestOpening(browser: Browser, uiUrl: string): Promise<Map<string, Opening>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(LONG_TASK_PROBE);
  const page = await context.newPage();
  await page.goto(uiUrl);
  await heading(page, 'Chat');
  // Every page once, so the openings measured are not the first download of their code.
  for (const p of PAGES) {
    await page.evaluate((hash) => (location.hash = `#/${hash}`), p.hash);
    await heading(page, p.name);
  }
  await page.waitForTimeout(1_500);
  const worst = new Map<string, Opening>();
  for (let round = 0; round < OPENINGS; round += 1) {
    for (const [i, p] of PAGES.entries()) {
      const from = PAGES[(i + PAGES.length - 1) % PAGES.length]!;
      await page.evaluate((hash) => (location.hash = `#/${hash}`), from.hash);
      await heading(page, from.name);
      await page.waitForTimeout(300);
      await resetLongestTask(page);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: p.name })
        .click();
      await heading(page, p.name);
      // Data arrives and renders after the heading: wait for it to settle.
      await page.waitForTimeout(800);
      const longest = await longestTask(page);
      const nodes = await domNodes(page);
      const before = worst.get(p.name);
      worst.set(p.name, {
        longestTaskMs: Math.max(before?.longestTaskMs ?? 0, longest),
        domNodes: Math.max(before?.domNodes ?? 0, nodes),
      });
    }
  }
  await context.close();
  return worst;
}

/**
 * The chat's model picker over the whole catalog: opened (a click), then searched for a model
 * deep in it (typed key by key); each the worst of OPENINGS.
 */
async function pickerFigures(browser: Browser, uiUrl: string): Promise<[Opening, Opening]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(LONG_TASK_PROBE);
  const page = await context.newPage();
  await page.goto(`${uiUrl}#/chat`);
  await heading(page, 'Chat');
  const picker = page.getByRole('combobox', { name: 'Model' });
  await picker.waitFor();
  await page.waitForTimeout(1_500);
  const opened: Opening = { longestTaskMs: 0, domNodes: 0 };
  const searched: Opening = { longestTaskMs: 0, domNodes: 0 };
  const worst = async (into: Opening) => {
    into.longestTaskMs = Math.max(into.longestTaskMs, await longestTask(page));
    into.domNodes = Math.max(into.domNodes, await domNodes(page));
  };
  for (let round = 0; round < OPENINGS; round += 1) {
    await resetLongestTask(page);
    await picker.click();
    await page.getByRole('listbox').first().waitFor();
    await page.waitForTimeout(500);
    await worst(opened);
    await resetLongestTask(page);
    await picker.pressSequentially(DEEP_MODEL);
    await page.getByRole('option', { name: new RegExp(`^${DEEP_MODEL}\\b`) }).waitFor();
    await page.waitForTimeout(500);
    await worst(searched);
    await picker.press('Escape');
    await page.waitForTimeout(300);
  }
  await context.close();
  return [opened, searched];
}

async function seed(gatewayUrl: string, token: string): Promise<void> {
  const models = ['sim-chat', 'sim-gemini', 'sim-responses', 'sim-per-call'];
  const send = async (i: number) => {
    const response = await fetch(`${gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: models[i % models.length],
        messages: [{ role: 'user', content: `${i % 25 === 0 ? '[[sim:429]] ' : ''}request ${i}` }],
      }),
    });
    await response.arrayBuffer();
  };
  for (let i = 0; i < LOGGED_REQUESTS; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, k) => send(i + k)));
  }
}

function render(rows: PageFigures[]): string {
  const ok = (value: number, budget: number) => (value <= budget ? 'met' : '**not met**');
  return [
    '# Page weight and long tasks',
    '',
    `\`npm run bench:ui\` (${new Date().toISOString().slice(0, 10)}): the built UI in headless Chromium with ${LOGGED_REQUESTS.toLocaleString('en')} requests in the log, against an upstream listing ${CATALOG_MODELS.toLocaleString('en')} models. JavaScript: decoded bytes of every script a first load of the page fetches. Longest task: the longest main-thread task (\`longtask\`) while the page opens from another page of the app, worst of ${OPENINGS}; for the model picker, while it opens (a click) and while \`${DEEP_MODEL}\` is typed into it key by key; for the ${CONVERSATION_MESSAGES}-message conversation, while it opens from another conversation (clicked in the list) and while Chat opens from Settings with it open. DOM nodes: the elements in the document once it has opened.`,
    '',
    `| page | JavaScript on first load | budget | longest task opening it | budget | DOM nodes | budget |`,
    `| ---- | ------------------------ | ------ | ----------------------- | ------ | --------- | ------ |`,
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.scriptKb === null ? '—' : `${r.scriptKb.toFixed(0)} KB (${r.scripts} files)`} | ${r.scriptKb === null ? '—' : `${BUDGET_KB} KB: ${ok(r.scriptKb, BUDGET_KB)}`} | ${r.longestTaskMs > 0 ? `${r.longestTaskMs.toFixed(0)} ms` : 'none over 50 ms'} | ${BUDGET_TASK_MS} ms: ${ok(r.longestTaskMs, BUDGET_TASK_MS)} | ${r.domNodes === null ? '—' : r.domNodes.toLocaleString('en')} | ${r.domNodes === null ? '—' : `${BUDGET_NODES.toLocaleString('en')}: ${ok(r.domNodes, BUDGET_NODES)}`} |`,
    ),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const sim = await startSimulator({ relayModels: CATALOG_MODELS - SIM_MODELS.length });
  // The Tools page reads the agents' config files: a home of the bench's own.
  const home = mkdtempSync(join(tmpdir(), 'mg-bench-home-'));
  const app = await startApp({ MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full }, ['--home', home]);
  let browser: Browser | undefined;
  try {
    const appToken = new URL(app.uiUrl).searchParams.get('token') ?? '';
    const rpc = async (method: string, params?: unknown): Promise<unknown> => {
      const response = await fetch(`${app.url}${RPC_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-token': appToken },
        body: JSON.stringify({ method, params }),
      });
      const body = (await response.json()) as { result?: unknown; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result;
    };
    await rpc('profiles.save', { name: 'Simulator', baseUrl: sim.url, pricingUrl: null });
    const { token } = (await rpc('tokens.create', { name: 'bench' })) as { token: string };
    log(`logging ${LOGGED_REQUESTS} requests…`);
    await seed(app.url, token);
    browser = await launchChromium();
    const rows: PageFigures[] = [];
    for (const target of PAGES) {
      const { scriptKb, scripts } = await firstLoad(browser, app.uiUrl, target);
      rows.push({ page: target.name, scriptKb, scripts, longestTaskMs: 0, domNodes: null });
      log(`${target.name}: ${scriptKb.toFixed(0)} KB of JavaScript in ${scripts} files`);
    }
    const longest = await longestOpening(browser, app.uiUrl);
    for (const row of rows) {
      const opening = longest.get(row.page);
      row.longestTaskMs = opening?.longestTaskMs ?? 0;
      row.domNodes = opening?.domNodes ?? null;
      log(`${row.page}: longest task ${row.longestTaskMs.toFixed(0)} ms, ${row.domNodes} nodes`);
    }
    // An empty conversation, the most recent, so that Chat opens on it with its picker.
    await rpc('chat.create', { model: 'sim-chat', title: 'Picker' });
    const [opened, searched] = await pickerFigures(browser, app.uiUrl);
    rows.push(
      { page: 'Chat: the model picker, opened', scriptKb: null, scripts: null, ...opened },
      {
        page: `Chat: the model picker, \`${DEEP_MODEL}\` typed into it`,
        scriptKb: null,
        scripts: null,
        ...searched,
      },
    );
    for (const row of rows.slice(-2))
      log(`${row.page}: longest task ${row.longestTaskMs.toFixed(0)} ms, ${row.domNodes} nodes`);
    // Seeded after the pages are measured, so their rows stay those of an empty Chat.
    log(`seeding a ${CONVERSATION_MESSAGES}-message conversation…`);
    await seedConversations(rpc);
    const opening = await longestConversationOpening(browser, app.uiUrl, LONG_TASK_PROBE, OPENINGS);
    const withAnswers = await firstLoad(browser, app.uiUrl, PAGES[0]);
    log(`Chat with a conversation open: ${withAnswers.scriptKb.toFixed(0)} KB of JavaScript`);
    rows.push(
      {
        page: `Chat: ${CONVERSATION_MESSAGES}-message conversation, from another conversation`,
        scriptKb: null,
        scripts: null,
        longestTaskMs: opening.fromConversation,
        domNodes: null,
      },
      {
        // First load: Chat opens the most recent conversation, whose answers bring the Markdown
        // renderer, which an empty Chat does not load.
        page: `Chat with the ${CONVERSATION_MESSAGES}-message conversation open, from Settings`,
        ...withAnswers,
        longestTaskMs: opening.fromPage,
        domNodes: null,
      },
    );
    for (const row of rows.slice(-2))
      log(`${row.page}: longest task ${row.longestTaskMs.toFixed(0)} ms`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'page-weight.json'), `${JSON.stringify(rows, null, 2)}\n`);
    writeFileSync(join(RESULTS, 'page-weight.md'), render(rows));
    log('written: bench/results/page-weight.md');
    const over = rows.filter(
      (r) =>
        (r.scriptKb ?? 0) > BUDGET_KB ||
        r.longestTaskMs > BUDGET_TASK_MS ||
        (r.domNodes ?? 0) > BUDGET_NODES,
    );
    if (over.length > 0) {
      log(`over budget: ${over.map((r) => r.page).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    await app.stop();
    await sim.close();
    rmSync(home, { recursive: true, force: true });
  }
}

await main();
