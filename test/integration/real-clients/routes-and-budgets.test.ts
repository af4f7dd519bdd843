import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../../electron/gateway/server/gateway-server.ts';
import type { Store } from '../../../electron/store/index.ts';
import { startSimulator, type RunningSimulator } from '../../upstream-sim/index.ts';
import { startAppGatewayFixture, type AppGatewayFixture } from '../app-gateway-fixture.ts';
import { agentInstalled, describeRun } from './agent-cli.ts';
import { CODEX, runCodexExec } from './codex-exec.ts';
import { CLAUDE, runClaudeCodeToolLoop } from './claude-code.ts';
import { CODEX_TOKEN_ENV, writeCodexHome } from './codex-home.ts';

/**
 * The real agents on the person's decisions: Claude Code's haiku slot on a route whose first
 * model is rate limited keeps working on the second; Codex on a token whose daily budget is
 * spent shows the gateway's words and stops, rather than retrying for minutes.
 */

const RUN_TIMEOUT_MS = 60_000;
/** A name Claude Code's haiku slot may insist on; the simulator has no model of that name. */
const HAIKU_ROUTE = 'claude-haiku-4-5';

let sim: RunningSimulator;
let app: AppGatewayFixture;
let store: Store;
let gateway: RunningGateway;

beforeAll(async () => {
  sim = await startSimulator();
  app = await startAppGatewayFixture(sim);
  ({ store, gateway } = app);
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

/** The rows of one token, oldest first. */
function rowsOf(tokenName: string) {
  store.logWriter.flush();
  return store.requestLog.searchLog({ client: tokenName }, { limit: 100 }).rows.slice().reverse();
}

describe.skipIf(!agentInstalled('Claude Code', CLAUDE))('Claude Code on a route', () => {
  it(
    'its haiku slot completes the tool loop on the second model when the first answers 429',
    async () => {
      store.modelRoutes.save({ name: HAIKU_ROUTE, models: ['sim-anthropic', 'sim-chat'] });
      // Always rate limited, with a wait no route takes: Claude Code must never see it.
      sim.modelFaults.set('sim-anthropic', '[[sim:429:retry-after=60]]');
      const { token } = store.tokens.create('claude-code');
      try {
        const loop = await runClaudeCodeToolLoop({
          baseUrl: gateway.url,
          token,
          model: 'haiku',
          auth: 'bearer',
          env: { ANTHROPIC_DEFAULT_HAIKU_MODEL: HAIKU_ROUTE },
        });
        expect(loop.result?.is_error, describeRun(loop.run)).toBe(false);
        expect(loop.toolUses.map((t) => t.name)).toContain('Read');
        expect(loop.result?.result).toContain(loop.secret);
        expect(loop.egress).toEqual([]);
        const generations = rowsOf('claude-code').filter((r) => r.path === '/v1/messages');
        expect(generations.length).toBeGreaterThanOrEqual(2);
        for (const row of generations) {
          expect(row.model).toBe(HAIKU_ROUTE);
          expect(row.modelRoute).toBe(HAIKU_ROUTE);
          expect(row.servedModel).toBe('sim-chat');
          expect(row.status).toBe(200);
          expect(row.modelAttempts.map((a) => [a.model, a.status, a.outcome])).toEqual([
            ['sim-anthropic', 429, 'rate_limited'],
            ['sim-chat', 200, 'answered'],
          ]);
        }
      } finally {
        sim.modelFaults.delete('sim-anthropic');
      }
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});

describe.skipIf(!agentInstalled('Codex CLI', CODEX))('Codex CLI on a spent budget', () => {
  it(
    'prints the gateway’s message and stops, with no retry loop',
    async () => {
      const { token, info } = store.tokens.create('codex');
      store.tokenLimits.set(info.id, {
        dailyUsd: 0.02,
        weeklyUsd: null,
        monthlyUsd: null,
        rpm: null,
        tpm: null,
        models: null,
        thenRoute: null,
      });
      // Today's budget is spent by one call of sim-per-call ($0.02).
      const spend = await fetch(`${gateway.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'sim-per-call',
          messages: [{ role: 'user', content: 'Hi' }],
        }),
      });
      expect(spend.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 60));
      const before = rowsOf('codex').length;

      const home = mkdtempSync(join(tmpdir(), 'mg-codex-budget-'));
      try {
        const workspace = join(home, 'workspace');
        mkdirSync(workspace);
        writeFileSync(join(workspace, 'note.txt'), 'hello\n');
        const codexHome = writeCodexHome(home, {
          baseUrl: `${gateway.url}/v1`,
          model: 'sim-chat',
        });
        const started = performance.now();
        const run = await runCodexExec({
          prompt: 'Show me note.txt.',
          cwd: workspace,
          env: { HOME: home, CODEX_HOME: codexHome, [CODEX_TOKEN_ENV]: token },
        });
        const elapsed = performance.now() - started;
        expect(run.code, describeRun(run)).not.toBe(0);
        expect(`${run.stdout}\n${run.stderr}`, describeRun(run)).toContain(
          "Local token 'codex' has used its daily budget",
        );
        // No retry loop: it stops at once, having asked once.
        expect(elapsed).toBeLessThan(20_000);
        const refused = rowsOf('codex').slice(before);
        expect(refused.length, JSON.stringify(refused.map((r) => r.status))).toBe(1);
        // A 400 for responses clients: see responses-codec.ts on why not OpenAI's 429.
        expect(refused[0]?.status).toBe(400);
        expect(refused[0]?.errorKind).toBe('insufficient_quota');
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});
