import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store/index.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { runCli, type CliProcess } from './cli-process.ts';

let sim: RunningSimulator;
const running: CliProcess[] = [];
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

async function serve(dataDir: string): Promise<{ url: string; p: CliProcess }> {
  const p = runCli(['serve', '--upstream', sim.url, '--port', '0', '--data-dir', dataDir], {
    MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
    MODEL_GATEWAY_TOKEN: 'mgw_process_test_token_000000',
  });
  running.push(p);
  const [, url] = await p.line(/^Gateway listening on (\S+)\n/);
  return { url: url!, p };
}

const client = (url: string) =>
  new OpenAI({ apiKey: 'mgw_process_test_token_000000', baseURL: `${url}/v1`, maxRetries: 0 });

async function streamOnce(openai: OpenAI, model: string, prompt: string): Promise<string> {
  const { data: stream, response } = await openai.chat.completions
    .create({ model, stream: true, messages: [{ role: 'user', content: prompt }] })
    .withResponse();
  for await (const _chunk of stream) {
    // read to the end
  }
  return response.headers.get('x-request-id') ?? '';
}

describe('the store under a real gateway process', () => {
  it('survives kill -9 under streaming load: intact, and every request completed before the kill is there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mg-crash-'));
    const { url, p } = await serve(dataDir);
    const openai = client(url);
    const completed: { id: string; at: number }[] = [];
    let stop = false;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i += 1) {
        const model = ['sim-chat', 'sim-gemini', 'sim-responses'][i % 3]!;
        try {
          const id = await streamOnce(openai, model, `[[sim:slow-chunks=5]] load ${w}.${i}`);
          completed.push({ id, at: Date.now() });
        } catch {
          return; // the process is gone
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const killedAt = Date.now();
    p.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await p.exit();

    expect(completed.length).toBeGreaterThan(20);
    const db = new Database(join(dataDir, 'gateway.sqlite'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    const store = openStore(dataDir);
    try {
      // A record is written just after its response ends; only the last moments may be in flight.
      const settled = completed.filter((c) => c.at < killedAt - 250);
      expect(settled.length).toBeGreaterThan(10);
      for (const { id } of settled) expect(store.requestLog.getLogEntry(id), id).not.toBeNull();
    } finally {
      store.close();
    }
  });

  it('never writes the upstream key to the data dir, a log line or a response, even with body capture on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mg-secret-'));
    const setup = openStore(dataDir);
    setup.settings.set('captureBodies', true);
    setup.close();
    const { url, p } = await serve(dataDir);
    const openai = client(url);
    const answers: string[] = [];
    const raw = async (path: string, body: object, headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer mgw_process_test_token_000000',
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      });
      answers.push(JSON.stringify([...response.headers]), await response.text());
    };
    await streamOnce(openai, 'sim-gemini', 'translated stream');
    await raw('/v1/chat/completions', {
      model: 'sim-chat',
      messages: [{ role: 'user', content: 'plain' }],
    });
    await raw('/v1/responses', { model: 'sim-gemini', input: '[[sim:429:retry-after=30]]' });
    await raw('/v1/chat/completions', {
      model: 'sim-chat',
      messages: [{ role: 'user', content: '[[sim:500]]' }],
    });
    await raw('/v1/chat/completions', {
      model: 'nope',
      messages: [{ role: 'user', content: 'x' }],
    });
    await raw('/v1beta/models/sim-chat:generateContent?key=mgw_process_test_token_000000', {
      contents: [{ parts: [{ text: 'q' }] }],
    });
    answers.push(
      await (
        await fetch(`${url}/v1/models`, {
          headers: { authorization: 'Bearer mgw_process_test_token_000000' },
        })
      ).text(),
    );
    p.child.kill('SIGTERM');
    expect(await p.exit()).toBe(0);

    const store = openStore(dataDir);
    const captured = store.requestLog.searchLog({}, { limit: 50 }).rows;
    store.close();
    expect(
      captured.some(
        (row) =>
          row.capture?.requestBody?.includes('translated stream') ||
          row.capture?.requestBody?.includes('plain'),
      ),
    ).toBe(true);
    expect(
      captured.every(
        (row) =>
          !JSON.stringify(row.capture?.requestHeaders ?? {}).includes(
            'mgw_process_test_token_000000',
          ),
      ),
    ).toBe(true);

    const files = readdirSync(dataDir).map((name) =>
      readFileSync(join(dataDir, name)).toString('latin1'),
    );
    const places = {
      files: files.join('\n'),
      stdout: p.stdout(),
      stderr: p.stderr(),
      answers: answers.join('\n'),
    };
    for (const [where, text] of Object.entries(places))
      expect(text.includes(SIM_KEYS.full), where).toBe(false);
  });

  it('lets `logs` and `usage` show what a run did', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mg-cli-data-'));
    const { url, p } = await serve(dataDir);
    const openai = client(url);
    const ids = [
      await streamOnce(openai, 'sim-chat', 'one'),
      await streamOnce(openai, 'sim-gemini', 'two'),
    ];
    p.child.kill('SIGTERM');
    await p.exit();

    const logs = runCli(['logs', '--data-dir', dataDir, '--format', 'jsonl']);
    expect(await logs.exit()).toBe(0);
    const rows = logs
      .stdout()
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { requestId: string; route: string; usage: { totalTokens: number } },
      );
    expect(rows.map((r) => r.requestId)).toEqual(expect.arrayContaining(ids));
    expect(rows.find((r) => r.requestId === ids[1])?.route).toBe('translated');

    const csv = runCli(['logs', '--data-dir', dataDir, '--format', 'csv']);
    expect(await csv.exit()).toBe(0);
    expect(csv.stdout().split('\n')[0]).toMatch(/requestId/);

    const usage = runCli(['usage', '--data-dir', dataDir, '--by', 'model', '--json']);
    expect(await usage.exit()).toBe(0);
    const report = JSON.parse(usage.stdout()) as {
      totals: { requests: number; inputTokens: number; outputTokens: number };
      rows: { key: string }[];
    };
    const tokens = rows
      .filter((r) => ids.includes(r.requestId))
      .reduce((n, r) => n + r.usage.totalTokens, 0);
    expect(report.totals.inputTokens + report.totals.outputTokens).toBe(tokens);
    expect(report.rows.map((r) => r.key).sort()).toEqual(['sim-chat', 'sim-gemini']);

    const table = runCli(['usage', '--data-dir', dataDir]);
    expect(await table.exit()).toBe(0);
    expect(table.stdout()).toMatch(/estimates/);
  });
});
