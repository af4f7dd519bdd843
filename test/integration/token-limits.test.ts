import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import type { Store } from '../../electron/store/index.ts';
import type { TokenLimits } from '../../shared/contract.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { startAppGatewayFixture, type AppGatewayFixture } from './app-gateway-fixture.ts';
import { runCli, type CliProcess } from './cli-process.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';

/**
 * Budgets and limits per local token, through the app's gateway on a real store: what is
 * refused, in which client's words, that a burst cannot overspend, that a budget can hand over
 * to a route, and that two gateway processes on one data dir hold one budget together.
 */

/** sim-per-call costs exactly this per call: reservations are exact, so counts are too. */
const PRICE = 0.02;

let sim: RunningSimulator;
let app: AppGatewayFixture;
let dataDir: string;
let store: Store;
let gateway: RunningGateway;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

beforeEach(async () => {
  app = await startAppGatewayFixture(sim);
  ({ dataDir, store, gateway } = app);
});
afterEach(async () => {
  await app.close();
});

/** A stored token with these limits; returns its secret. */
function tokenWith(name: string, limits: Partial<TokenLimits>): string {
  const { token, info } = store.tokens.create(name);
  store.tokenLimits.set(info.id, { ...NO_LIMITS, ...limits });
  return token;
}

const chat = (url: string, token: string, model = 'sim-per-call') =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }] }),
  });

describe('a spent budget', () => {
  it('a burst of 50 against room for 10 overspends by at most one reservation', async () => {
    const token = tokenWith('burst', { dailyUsd: 10 * PRICE });
    const answers = await Promise.all(Array.from({ length: 50 }, () => chat(gateway.url, token)));
    const ok = answers.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(11);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(50 - ok);
    store.logWriter.flush();
    const spent = store.usage.usageBy({ by: 'token' }).find((g) => g.key === 'burst');
    expect(spent?.costUsd ?? 0).toBeLessThanOrEqual(10 * PRICE + PRICE + 1e-9);
  });

  it('is refused the way each format’s own service says "out of credit"', async () => {
    const token = tokenWith('agent', { dailyUsd: PRICE });
    expect((await chat(gateway.url, token)).status).toBe(200);
    await waitForSettled();

    const openai = await chat(gateway.url, token);
    expect(openai.status).toBe(429);
    // The SDKs would retry a 429 twice whatever it says; this tells them not to.
    expect(openai.headers.get('x-should-retry')).toBe('false');
    const openaiBody = (await openai.json()) as { error: Record<string, unknown> };
    expect(openaiBody.error.code).toBe('insufficient_quota');
    expect(openaiBody.error.type).toBe('insufficient_quota');
    expect(String(openaiBody.error.message)).toMatch(
      /Local token 'agent' has used its daily budget .*\$0\.0200 spent of \$0\.0200.*resets at \d{4}-\d\d-\d\d 00:00/,
    );

    // Codex CLI shows its own fixed words for a 429 insufficient_quota: responses clients get a
    // 400 with the same code, which stops it as well and shows ours.
    const responses = await fetch(`${gateway.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sim-per-call', input: 'Hi' }),
    });
    expect(responses.status).toBe(400);
    const responsesBody = (await responses.json()) as { error: Record<string, unknown> };
    expect(responsesBody.error.code).toBe('insufficient_quota');
    expect(String(responsesBody.error.message)).toContain("Local token 'agent'");

    const messages = await fetch(`${gateway.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': token,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'sim-per-call',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    });
    expect(messages.status).toBe(400);
    const messagesBody = (await messages.json()) as { error: { type: string; message: string } };
    expect(messagesBody.error.type).toBe('invalid_request_error');
    expect(messagesBody.error.message).toContain('daily budget');

    const native = await fetch(`${gateway.url}/v1beta/models/sim-per-call:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': token, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
    });
    expect(native.status).toBe(429);
    const nativeBody = (await native.json()) as {
      error: { status: string; details?: { '@type': string; retryDelay?: string }[] };
    };
    expect(nativeBody.error.status).toBe('RESOURCE_EXHAUSTED');
    // When the budget resets, which Gemini CLI reads to stop rather than retry.
    const retry = nativeBody.error.details?.find((d) => d['@type'].endsWith('RetryInfo'));
    expect(Number.parseInt(retry?.retryDelay ?? '0', 10)).toBeGreaterThan(0);
    // Refused before anything went upstream: one generation reached the simulator.
    expect(sim.journal.filter((e) => e.key === SIM_KEYS.full && e.method === 'POST').length).toBe(
      sim.journal.filter((e) => e.method === 'POST').length,
    );
  });

  it('hands over to the route the user chose until it resets', async () => {
    store.modelRoutes.save({ name: 'cheap', models: ['sim-chat'] });
    const token = tokenWith('thrifty', { dailyUsd: PRICE, thenRoute: 'cheap' });
    expect((await chat(gateway.url, token)).headers.get('x-gateway-model')).toBe('sim-per-call');
    await waitForSettled();
    const after = await chat(gateway.url, token);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-gateway-model')).toBe('sim-chat');
    store.logWriter.flush();
    const row = store.requestLog.searchLog({}, { limit: 1 }).rows[0];
    expect(row?.modelRoute).toBe('cheap');
    expect(row?.rules).toContain('limits.then_route');
  });
});

describe('per-minute limits and allow lists', () => {
  it('requests per minute: a rate limit with Retry-After, as each format says it', async () => {
    const token = tokenWith('chatty', { rpm: 2 });
    expect((await chat(gateway.url, token, 'sim-chat')).status).toBe(200);
    expect((await chat(gateway.url, token, 'sim-chat')).status).toBe(200);
    const limited = await chat(gateway.url, token, 'sim-chat');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await limited.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('rate_limit_exceeded');
    expect(body.error.message).toContain('limit of 2 requests per minute');
    const messages = await fetch(`${gateway.url}/v1/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'sim-chat',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    });
    expect(messages.status).toBe(429);
    expect(((await messages.json()) as { error: { type: string } }).error.type).toBe(
      'rate_limit_error',
    );
  });

  it('an allow list refuses other models and shows only its own in discovery', async () => {
    store.modelRoutes.save({ name: 'coding', models: ['sim-anthropic', 'sim-chat'] });
    const token = tokenWith('narrow', { models: ['sim-chat', 'coding'] });
    expect((await chat(gateway.url, token, 'sim-chat')).status).toBe(200);
    expect((await chat(gateway.url, token, 'coding')).status).toBe(200);
    const refused = await chat(gateway.url, token, 'sim-gemini');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'may use: sim-chat, coding',
    );
    const list = await fetch(`${gateway.url}/v1/models`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const ids = ((await list.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    expect(ids.sort()).toEqual(['coding', 'sim-chat']);
  });
});

describe('two gateway processes on one data dir', () => {
  let serve: CliProcess | undefined;
  afterEach(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exit();
    serve = undefined;
  });

  it('hold one budget together', async () => {
    const token = tokenWith('shared', { dailyUsd: 10 * PRICE });
    serve = runCli(['serve', '--upstream', sim.url, '--port', '0', '--data-dir', dataDir], {
      MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
    });
    const [, otherUrl] = (await serve.line(/Gateway listening on (\S+)/)) as RegExpExecArray;
    const urls = [gateway.url, otherUrl ?? ''];
    // Both at once, half to each process.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => chat(urls[i % 2] ?? '', token)),
    );
    const ok = answers.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(9);
    expect(ok).toBeLessThanOrEqual(11);
    // And one process sees what the other spent, once it is written.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const later = await Promise.all(urls.map((url) => chat(url, token)));
    expect(later.map((r) => r.status)).toEqual([429, 429]);
  });
});

/** The request's row, with its cost, is written within the log's flush window. */
async function waitForSettled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 60));
  store.logWriter.flush();
}
