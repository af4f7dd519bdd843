import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startGateway,
  type RunningGateway,
} from '../../../electron/gateway/server/gateway-server.ts';
import { UpstreamClient } from '../../../electron/gateway/upstream/upstream-client.ts';
import { openStore, tokenAuthenticator, type Store } from '../../../electron/store/index.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../upstream-sim/index.ts';
import { runCli } from '../cli-process.ts';
import { agentFile, agentInstalled, describeRun, runAgent } from './agent-cli.ts';
import { CODEX, runCodexExec } from './codex-exec.ts';
import { CLAUDE } from './claude-code.ts';
import { CLAUDE_OFFLINE_ENV } from './claude-home.ts';
import { CODEX_OFFLINE_SETTINGS } from './codex-home.ts';

/**
 * `model-gateway connect TOOL` into a temporary HOME, then the real CLI with nothing but what is
 * in that HOME: no base URL, key or model from the environment, only HOME and the switches that
 * keep it from phoning home. Each completes a tool loop against the simulator through the
 * gateway, whose tokens are the store's: the one `connect` issued, named after the tool.
 */

const GEMINI = agentFile('@google/gemini-cli/bundle/gemini.js');
// OpenCode's Linux x64 platform package, the binary its launcher package would link (see
// test/agents/README.md).
const OPENCODE = agentFile('opencode-linux-x64/bin/opencode');
const RUN_TIMEOUT_MS = 60_000;
const MODEL = 'sim-all';

interface Setup {
  home: string;
  workspace: string;
  secret: string;
  dataDir: string;
}

interface Running {
  sim: RunningSimulator;
  gateway: RunningGateway;
  store: Store;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(): Setup {
  const home = mkdtempSync(join(tmpdir(), 'mg-connected-'));
  const dataDir = join(home, 'gateway-data');
  const workspace = join(home, 'workspace');
  mkdirSync(workspace);
  const secret = `on-disk-${randomUUID()}`;
  writeFileSync(join(workspace, 'note.txt'), `${secret}\n`);
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  return { home, workspace, secret, dataDir };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function connect(s: Setup, tool: string, port: number): Promise<void> {
  const p = runCli([
    'connect',
    tool,
    '--model',
    MODEL,
    '--home',
    s.home,
    '--data-dir',
    s.dataDir,
    '--port',
    String(port),
  ]);
  expect(await p.exit(), p.stderr()).toBe(0);
}

/** The gateway on `port`, started after `connect` so its token store holds the new token. */
async function startGatewayOn(s: Setup, port: number): Promise<Running> {
  const sim = await startSimulator();
  const store = openStore(s.dataDir);
  const gateway = await startGateway({
    upstream: new UpstreamClient({ baseUrl: sim.url, apiKey: () => SIM_KEYS.full }),
    auth: tokenAuthenticator(store.tokens),
    port,
    state: store.opaqueState,
    responses: store.responses,
    onRecord: (record) => store.logWriter.enqueue(record),
  });
  cleanups.push(async () => {
    await gateway.close(1000);
    await sim.close();
    store.close();
  });
  return { sim, gateway, store };
}

/** Every request the tool made reached the upstream under its own token's name. */
async function expectClient(r: Running, client: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  r.store.logWriter.flush();
  const rows = r.store.usage.usageBy({ by: 'token' });
  expect(rows.find((row) => row.key === client)?.requests ?? 0).toBeGreaterThanOrEqual(2);
}

describe.skipIf(!agentInstalled('Codex CLI', CODEX))(
  'Codex CLI connected by `model-gateway connect codex`',
  () => {
    it(
      'runs the command the model calls for, with only ~/.codex/config.toml',
      async () => {
        const s = setup();
        // The user's own config: another provider, comments, and telemetry switched off.
        mkdirSync(join(s.home, '.codex'));
        writeFileSync(
          join(s.home, '.codex', 'config.toml'),
          [
            '# my Codex setup',
            'model = "gpt-5"',
            ...CODEX_OFFLINE_SETTINGS,
            '',
            '[model_providers.openrouter]',
            'name = "OpenRouter"',
            'base_url = "https://openrouter.ai/api/v1"',
            'env_key = "OPENROUTER_API_KEY"',
            '',
          ].join('\n'),
        );
        const port = await freePort();
        await connect(s, 'codex', port);
        expect(readFileSync(join(s.home, '.codex', 'config.toml'), 'utf8')).toContain(
          '# my Codex setup',
        );
        const r = await startGatewayOn(s, port);

        const run = await runCodexExec({
          prompt: 'Show me note.txt. [[call:exec_command {"cmd":"cat note.txt"}]]',
          cwd: s.workspace,
          env: { HOME: s.home },
          strictConfig: false,
        });

        expect(run.code, describeRun(run)).toBe(0);
        const answers = run.stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { type: string; item?: { type: string; text?: string } })
          .filter((e) => e.type === 'item.completed' && e.item?.type === 'agent_message');
        expect(answers.at(-1)?.item?.text, describeRun(run)).toContain(s.secret);
        await expectClient(r, 'codex');
      },
      RUN_TIMEOUT_MS + 20_000,
    );
  },
);

describe.skipIf(!agentInstalled('Gemini CLI', GEMINI))(
  'Gemini CLI connected by `model-gateway connect gemini-cli`',
  () => {
    it(
      'reads the file the model calls for, with only ~/.gemini/settings.json and ~/.gemini/.env',
      async () => {
        const s = setup();
        mkdirSync(join(s.home, '.gemini'));
        writeFileSync(
          join(s.home, '.gemini', 'settings.json'),
          `{
  // mine: no telemetry, no update checks, this folder trusted
  "security": { "auth": { "selectedType": "oauth-personal" }, "folderTrust": { "enabled": false } },
  "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false },
  "privacy": { "usageStatisticsEnabled": false },
  "telemetry": { "enabled": false },
  "ide": { "enabled": false }
}
`,
        );
        const port = await freePort();
        await connect(s, 'gemini-cli', port);
        const r = await startGatewayOn(s, port);

        const run = await runAgent({
          bin: GEMINI,
          args: [
            '--prompt',
            'Show me note.txt. [[call:read_file {"file_path":"note.txt"}]]',
            '--output-format',
            'json',
          ],
          cwd: s.workspace,
          env: { HOME: s.home, NO_COLOR: '1', TERM: 'dumb' },
          timeoutMs: RUN_TIMEOUT_MS,
        });

        expect(run.code, describeRun(run)).toBe(0);
        const output = JSON.parse(run.stdout) as { response?: string };
        expect(output.response, describeRun(run)).toContain(s.secret);
        await expectClient(r, 'gemini-cli');
      },
      RUN_TIMEOUT_MS + 20_000,
    );
  },
);

describe.skipIf(!agentInstalled('Claude Code', CLAUDE))(
  'Claude Code connected by `model-gateway connect claude-code`',
  () => {
    it(
      'reads the file the model calls for, with only ~/.claude/settings.json',
      async () => {
        const s = setup();
        mkdirSync(join(s.home, '.claude'));
        writeFileSync(
          join(s.home, '.claude', 'settings.json'),
          `${JSON.stringify({ permissions: { allow: ['Read'], defaultMode: 'dontAsk' }, disableAllHooks: true }, null, 2)}\n`,
        );
        writeFileSync(
          join(s.home, '.claude.json'),
          `${JSON.stringify({ hasCompletedOnboarding: true })}\n`,
        );
        const port = await freePort();
        await connect(s, 'claude-code', port);
        const r = await startGatewayOn(s, port);
        const notePath = join(s.workspace, 'note.txt');

        const run = await runAgent({
          bin: CLAUDE,
          args: [
            '-p',
            `Show me note.txt. [[call:Read ${JSON.stringify({ file_path: notePath })}]]`,
            '--output-format',
            'stream-json',
            '--verbose',
            '--allowedTools',
            'Read',
            '--no-session-persistence',
          ],
          cwd: s.workspace,
          env: { HOME: s.home, ...CLAUDE_OFFLINE_ENV, NO_COLOR: '1', TERM: 'dumb' },
          timeoutMs: RUN_TIMEOUT_MS,
        });

        expect(run.code, describeRun(run)).toBe(0);
        const result = run.stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { type: string; result?: string; num_turns?: number })
          .findLast((e) => e.type === 'result');
        expect(result, describeRun(run)).toMatchObject({ num_turns: 2 });
        expect(result?.result).toContain(s.secret);
        await expectClient(r, 'claude-code');
      },
      RUN_TIMEOUT_MS + 20_000,
    );
  },
);

describe.skipIf(!agentInstalled('OpenCode', OPENCODE))(
  'OpenCode connected by `model-gateway connect opencode`',
  () => {
    it(
      'reads the file the model calls for, with only ~/.config/opencode/opencode.json',
      async () => {
        const s = setup();
        const configDir = join(s.home, '.config', 'opencode');
        mkdirSync(configDir, { recursive: true });
        // The user's own config: another provider and their preferences.
        writeFileSync(
          join(configDir, 'opencode.json'),
          `{
  "$schema": "https://opencode.ai/config.json",
  "autoupdate": false,
  "share": "disabled",
  "provider": {
    "ollama": {
      "npm": "@ai-sdk/openai-compatible",
      "options": { "baseURL": "http://localhost:11434/v1" },
      "models": { "llama3": {} }
    }
  }
}
`,
        );
        const port = await freePort();
        await connect(s, 'opencode', port);
        expect(readFileSync(join(configDir, 'opencode.json'), 'utf8')).toContain('"ollama"');
        const r = await startGatewayOn(s, port);
        const notePath = join(s.workspace, 'note.txt');

        const run = await runAgent({
          bin: OPENCODE,
          // `opencode run` joins its words and quotes each one holding a space, so the
          // trigger's JSON goes as a word of its own.
          args: [
            'run',
            '--format',
            'json',
            'Show me note.txt.',
            '[[call:read',
            `${JSON.stringify({ filePath: notePath })}]]`,
          ],
          cwd: s.workspace,
          // No models.dev catalog download and no update check: the machine is offline.
          env: {
            HOME: s.home,
            OPENCODE_DISABLE_MODELS_FETCH: '1',
            OPENCODE_DISABLE_AUTOUPDATE: '1',
          },
          timeoutMs: RUN_TIMEOUT_MS,
        });

        expect(run.code, describeRun(run)).toBe(0);
        const events = run.stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { type: string; part?: { tool?: string; text?: string } });
        expect(events.some((e) => e.type === 'tool_use' && e.part?.tool === 'read')).toBe(true);
        const answer = events.findLast((e) => e.type === 'text')?.part?.text;
        expect(answer, describeRun(run)).toContain(s.secret);
        await expectClient(r, 'opencode');
      },
      RUN_TIMEOUT_MS + 20_000,
    );
  },
);
