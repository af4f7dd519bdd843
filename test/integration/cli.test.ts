import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../upstream-sim/index.ts';
import { runCli, type CliProcess } from './cli-process.ts';

const running: CliProcess[] = [];
const dataDir = () => mkdtempSync(join(tmpdir(), 'mg-cli-'));
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string> = {}): CliProcess {
  const p = runCli(args, env);
  running.push(p);
  return p;
}

describe('model-gateway CLI', () => {
  it('serves a simulator-backed gateway that the openai SDK can use, and shuts down cleanly', async () => {
    const sim = start(['sim', '--port', '0']);
    const [, simUrl] = await sim.line(/^Simulator listening on (http:\/\/\S+)\n/);

    const gw = start(['serve', '--upstream', simUrl!, '--port', '0', '--data-dir', dataDir()], {
      MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
      MODEL_GATEWAY_TOKEN: '',
    });
    const [, url] = await gw.line(/^Gateway listening on (http:\/\/127\.0\.0\.1:\d+)\n$/);
    const token = /Local access token \(shown once\): (\S+)/.exec(gw.stderr())?.[1];
    expect(token).toMatch(/^mgw_/);

    const client = new OpenAI({ apiKey: token!, baseURL: `${url}/v1`, maxRetries: 0 });
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain('sim-chat');
    const stream = await client.chat.completions.create({
      model: 'sim-chat',
      messages: [{ role: 'user', content: '[[sim:slow-chunks=40]] hello from the CLI test' }],
      stream: true,
    });

    // SIGTERM with a stream in flight: the stream still finishes, then the process exits 0.
    let text = '';
    let signalled = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (!signalled) {
        signalled = true;
        gw.child.kill('SIGTERM');
      }
    }
    expect(text).toContain('hello from the CLI test');
    expect(await gw.exit()).toBe(0);
    expect(gw.stdout()).toBe(`Gateway listening on ${url}\n`);

    sim.child.kill('SIGINT');
    expect(await sim.exit()).toBe(0);
  });

  it('uses the token from MODEL_GATEWAY_TOKEN and prints no token', async () => {
    const sim = start(['sim', '--port', '0']);
    const [, simUrl] = await sim.line(/^Simulator listening on (http:\/\/\S+)\n/);
    const gw = start(['serve', '--upstream', simUrl!, '--port', '0', '--data-dir', dataDir()], {
      MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
      MODEL_GATEWAY_TOKEN: 'mgw_fixed',
    });
    const [, url] = await gw.line(/^Gateway listening on (\S+)\n/);
    const ok = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer mgw_fixed' } });
    expect(ok.status).toBe(200);
    expect(gw.stderr()).not.toContain('mgw_fixed');
    expect(gw.stderr()).not.toContain(SIM_KEYS.full);
  });

  it('explains a missing upstream key and exits 2', async () => {
    const gw = start(['serve', '--upstream', 'http://127.0.0.1:9', '--data-dir', dataDir()], {
      MODEL_GATEWAY_UPSTREAM_KEY: '',
    });
    expect(await gw.exit()).toBe(2);
    expect(gw.stderr()).toMatch(/MODEL_GATEWAY_UPSTREAM_KEY/);
    expect(gw.stdout()).toBe('');
  });
});
