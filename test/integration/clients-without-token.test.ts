import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../electron/services/start-app-gateway.ts';
import { CLIENT_WITHOUT_TOKEN, TOKENLESS_FORMATS } from '../../shared/wire-formats.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { startAppGatewayFixture, type AppGatewayFixture } from './app-gateway-fixture.ts';

/**
 * Ollama clients without a token, through the app's gateway on a real store: refused until the
 * user lets them in, then taken from this machine as their own client with budgets like any
 * token, and never from a web page the user did not allow (nothing reaches the upstream).
 */

const [format] = TOKENLESS_FORMATS;
if (format === undefined) throw new Error('no format takes clients without a token');
const CLIENT = CLIENT_WITHOUT_TOKEN[format] ?? '';

let sim: RunningSimulator;
let app: AppGatewayFixture;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  app = await startAppGatewayFixture(sim);
});
afterEach(async () => {
  await app.close();
});

const allowWithoutToken = (on: boolean) =>
  app.store.settings.set(SETTINGS.clientsWithoutToken, on ? [format] : []);

const chat = (headers: Record<string, string> = {}, contentType = 'application/json') =>
  fetch(`${app.gateway.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: JSON.stringify({
      model: 'sim-per-call',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
    }),
  });

const generations = () => sim.journal.filter((entry) => entry.method === 'POST').length;

function rows() {
  app.store.logWriter.flush();
  return app.store.requestLog.searchLog({}, { limit: 100 }).rows;
}

describe('Ollama clients without a token', () => {
  it('are refused with a 401 in their own shape until the user lets them in', async () => {
    const answer = await chat();
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: expect.stringMatching(/token/) });
    expect(app.store.tokens.list().some((token) => token.withoutToken)).toBe(false);
  });

  it('are then taken as their own client, logged, metered and listed among the tokens', async () => {
    allowWithoutToken(true);
    const before = generations();
    const answer = await chat();
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { done: boolean }).done).toBe(true);
    expect(generations()).toBe(before + 1);
    const tags = await fetch(`${app.gateway.url}/api/tags`);
    expect(tags.status).toBe(200);

    const row = rows().find((r) => r.path === '/api/chat');
    expect(row).toMatchObject({ client: CLIENT, status: 200 });
    expect(row?.costUsd ?? 0).toBeGreaterThan(0);
    const listed = app.store.tokens.list().find((token) => token.withoutToken);
    expect(listed).toMatchObject({ name: CLIENT, prefix: '', revokedAt: null });
    expect(() => app.store.tokens.revoke(CLIENT)).toThrow(/without a token/);

    allowWithoutToken(false);
    expect((await chat()).status).toBe(401);
  });

  it('have budgets like any token', async () => {
    allowWithoutToken(true);
    const client = app.store.tokens.withoutToken(format, CLIENT);
    if (client.tokenId === undefined) throw new Error('the client has a row of its own');
    app.store.tokenLimits.set(client.tokenId, { ...NO_LIMITS, models: ['sim-chat'] });
    const refused = await chat();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/sim-per-call/);
  });

  it('are never taken from a web page the user did not allow, before anything runs', async () => {
    allowWithoutToken(true);
    const before = generations();
    const pages = [
      chat({ origin: 'https://evil.example' }, 'text/plain'),
      chat({ origin: 'null' }),
      chat({ 'sec-fetch-site': 'cross-site' }, 'text/plain'),
      fetch(`${app.gateway.url}/api/tags`, { headers: { 'sec-fetch-site': 'cross-site' } }),
    ];
    for (const answer of await Promise.all(pages)) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: expect.stringMatching(/web pages/) });
    }
    expect(generations()).toBe(before);
    expect(rows().filter((r) => r.status === 403 && r.client === null)).toHaveLength(4);

    app.store.settings.set(SETTINGS.allowedOrigins, ['http://localhost:5173']);
    const allowed = await chat({ origin: 'http://localhost:5173', 'sec-fetch-site': 'cross-site' });
    expect(allowed.status).toBe(200);
  });
});
