import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { RPC_PATH } from '../../shared/contract.ts';
import type { CliSpawnOptions } from '../integration/cli-process.ts';
import {
  SIM_KEYS,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../upstream-sim/index.ts';
import { startApp, type RunningApp } from './app-process.ts';
import { launchChromium } from './chromium.ts';

/** The pages of the app, by their sidebar link name (= their heading) and their hash. */
export const APP_PAGES = [
  { name: 'Chat', hash: 'chat' },
  { name: 'Models', hash: 'models' },
  { name: 'Routes', hash: 'routes' },
  { name: 'Tools', hash: 'tools' },
  { name: 'Usage', hash: 'usage' },
  { name: 'Logs', hash: 'logs' },
  { name: 'Settings', hash: 'settings' },
] as const;

export type AppPageName = (typeof APP_PAGES)[number]['name'];

/** The simulator, the headless app, Chromium, and (once `finishFirstRun` ran) a local token. */
export interface SeededApp {
  sim: RunningSimulator;
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The UI's own RPC, as the page calls it (`x-app-token`). */
  rpc<T = unknown>(method: string, params?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startSeededApp(
  env: Record<string, string>,
  viewport = { width: 1280, height: 800 },
  spawn: CliSpawnOptions = {},
  simulator: SimulatorOptions = {},
): Promise<SeededApp> {
  const sim = await startSimulator(simulator);
  // The Tools page reads the agents' config files: a home of the test's own, never the user's.
  const home = mkdtempSync(join(tmpdir(), 'mg-e2e-home-'));
  const app = await startApp(env, ['--home', home], spawn);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const appToken = new URL(app.uiUrl).searchParams.get('token') ?? '';
  const rpc = async <T>(method: string, params?: unknown): Promise<T> => {
    const response = await fetch(`${app.url}${RPC_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-token': appToken },
      body: JSON.stringify({ method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  return {
    sim,
    app,
    browser,
    context,
    page,
    rpc,
    async close() {
      await browser.close();
      await app.stop();
      await sim.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The first-run wizard from the welcome step to the app, as a user goes through it. */
export async function finishFirstRun(s: SeededApp): Promise<void> {
  const { page } = s;
  if (!(await page.getByRole('button', { name: 'Get started' }).isVisible())) {
    await page.goto(s.app.uiUrl);
  }
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Base URL').fill(s.sim.url);
  await page.getByLabel('Upstream API key').fill(SIM_KEYS.full);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect
    .poll(() => page.getByText('Connected').first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Go to Chat' }).click();
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Chat' }).isVisible())
    .toBe(true);
}

/** A local token made through the app's RPC, as Settings makes one. */
export async function createToken(s: SeededApp, name: string): Promise<string> {
  const created = await s.rpc<{ token: string }>('tokens.create', { name });
  return created.token;
}

/**
 * Requests from a client, so that Logs and Usage have rows: chat-completions and native calls,
 * a translated one, and a failure (`[[sim:429]]`).
 */
export async function seedRequests(s: SeededApp, token: string, count = 12): Promise<void> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let i = 0; i < count; i += 1) {
    const model = ['sim-gemini', 'sim-responses', 'sim-chat'][i % 3];
    const failing = i % 6 === 5;
    const response = await fetch(`${s.app.url}/v1/chat/completions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: `${failing ? '[[sim:429]] ' : ''}seed ${i}` }],
      }),
    });
    await response.arrayBuffer();
  }
  const native = await fetch(`${s.app.url}/v1beta/models/sim-gemini:generateContent`, {
    method: 'POST',
    headers: { 'x-goog-api-key': token, 'content-type': 'application/json' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'seed native' }] }] }),
  });
  await native.arrayBuffer();
}

/** Opens a page from the sidebar and waits for its heading. */
export async function openPage(page: Page, name: AppPageName): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name }).count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
}
