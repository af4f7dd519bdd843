/**
 * `npm run bench:ui`: what opening each page of the UI costs, with 2,000 requests in the log,
 * and what opening a 200-message conversation costs.
 * Per page: the JavaScript it downloads on a first load (decoded bytes, every script the page
 * fetched before it showed its heading), and the longest main-thread task (PerformanceObserver
 * `longtask`) while the page opens from another page of the app, as a user moves between them.
 * Budgets: 500 KB and 50 ms. Runs the built UI (`out/`, built by the npm script first) in the
 * headless app against the simulator, in Debian's Chromium; writes
 * bench/results/page-weight.md and .json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RPC_PATH } from '../shared/contract.ts';
import { startApp } from '../test/e2e/app-process.ts';
import { launchChromium } from '../test/e2e/chromium.ts';
import { SIM_KEYS, startSimulator } from '../test/upstream-sim/index.ts';
import {
  CONVERSATION_MESSAGES,
  longestConversationOpening,
  seedConversations,
} from './conversation-opening.ts';

const RESULTS = resolve(import.meta.dirname, 'results');
const LOGGED_REQUESTS = 2_000;
const BUDGET_KB = 500;
const BUDGET_TASK_MS = 50;
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

async function longestOpening(browser: Browser, uiUrl: string): Promise<Map<string, number>> {
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
  const worst = new Map<string, number>();
  for (let round = 0; round < OPENINGS; round += 1) {
    for (const [i, p] of PAGES.entries()) {
      const from = PAGES[(i + PAGES.length - 1) % PAGES.length]!;
      await page.evaluate((hash) => (location.hash = `#/${hash}`), from.hash);
      await heading(page, from.name);
      await page.waitForTimeout(300);
      await page.evaluate(
        () => ((window as unknown as { __longestTask: number }).__longestTask = 0),
      );
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: p.name })
        .click();
      await heading(page, p.name);
      // Data arrives and renders after the heading: wait for it to settle.
      await page.waitForTimeout(800);
      const longest = await page.evaluate(
        () => (window as unknown as { __longestTask: number }).__longestTask,
      );
      worst.set(p.name, Math.max(worst.get(p.name) ?? 0, longest));
    }
  }
  await context.close();
  return worst;
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
    `\`npm run bench:ui\` (${new Date().toISOString().slice(0, 10)}): the built UI in headless Chromium with ${LOGGED_REQUESTS.toLocaleString('en')} requests in the log. JavaScript: decoded bytes of every script a first load of the page fetches. Longest task: the longest main-thread task (\`longtask\`) while the page opens from another page of the app, worst of ${OPENINGS}; for the ${CONVERSATION_MESSAGES}-message conversation, while it opens from another conversation (clicked in the list) and while Chat opens from Settings with it open.`,
    '',
    `| page | JavaScript on first load | budget | longest task opening it | budget |`,
    `| ---- | ------------------------ | ------ | ----------------------- | ------ |`,
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.scriptKb === null ? '—' : `${r.scriptKb.toFixed(0)} KB (${r.scripts} files)`} | ${r.scriptKb === null ? '—' : `${BUDGET_KB} KB: ${ok(r.scriptKb, BUDGET_KB)}`} | ${r.longestTaskMs > 0 ? `${r.longestTaskMs.toFixed(0)} ms` : 'none over 50 ms'} | ${BUDGET_TASK_MS} ms: ${ok(r.longestTaskMs, BUDGET_TASK_MS)} |`,
    ),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const sim = await startSimulator();
  const app = await startApp({ MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full });
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
      rows.push({ page: target.name, scriptKb, scripts, longestTaskMs: 0 });
      log(`${target.name}: ${scriptKb.toFixed(0)} KB of JavaScript in ${scripts} files`);
    }
    const longest = await longestOpening(browser, app.uiUrl);
    for (const row of rows) {
      row.longestTaskMs = longest.get(row.page) ?? 0;
      log(`${row.page}: longest task ${row.longestTaskMs.toFixed(0)} ms`);
    }
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
      },
      {
        // First load: Chat opens the most recent conversation, whose answers bring the Markdown
        // renderer, which an empty Chat does not load.
        page: `Chat with the ${CONVERSATION_MESSAGES}-message conversation open, from Settings`,
        ...withAnswers,
        longestTaskMs: opening.fromPage,
      },
    );
    for (const row of rows.slice(-2))
      log(`${row.page}: longest task ${row.longestTaskMs.toFixed(0)} ms`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'page-weight.json'), `${JSON.stringify(rows, null, 2)}\n`);
    writeFileSync(join(RESULTS, 'page-weight.md'), render(rows));
    log('written: bench/results/page-weight.md');
    const over = rows.filter(
      (r) => (r.scriptKb ?? 0) > BUDGET_KB || r.longestTaskMs > BUDGET_TASK_MS,
    );
    if (over.length > 0) {
      log(`over budget: ${over.map((r) => r.page).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    await app.stop();
    await sim.close();
  }
}

await main();
