import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { runCli } from './cli-process.ts';

/** `model-gateway connect TOOL` without --model: the catalog chooses, and says what it chose. */

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function freshHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'mg-cli-tools-'));
  homes.push(home);
  return home;
}

async function cli(home: string, args: string[], env: Record<string, string>) {
  const p = runCli([...args, '--home', home, '--data-dir', join(home, 'data')], env);
  const code = await p.exit();
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

// The limited key sees sim-chat (chat-completions) and sim-gemini (native) only.
const limited = () => ({
  MODEL_GATEWAY_UPSTREAM: sim.url,
  MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.limited,
});

describe('model-gateway connect without --model', () => {
  it('gives a tool the catalog model served in its own format', async () => {
    const home = freshHome();
    const connect = await cli(home, ['connect', 'gemini-cli'], limited());
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.stderr).toContain('gets sim-gemini');
    expect(connect.stderr).toContain('served in its own format');
    const tools = await cli(home, ['tools'], {});
    expect(tools.stdout).toMatch(/^gemini-cli .*connected\s+model sim-gemini$/m);
  });

  it('falls back to a model the gateway translates to when none speaks the tool’s format', async () => {
    const home = freshHome();
    const connect = await cli(home, ['connect', 'codex'], limited());
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.stderr).toContain('gets sim-chat');
    expect(connect.stderr).toContain('the gateway can translate to');
    const tools = await cli(home, ['tools'], {});
    expect(tools.stdout).toMatch(/^codex .*connected\s+model sim-chat$/m);
  });

  it('keeps the models of the last connect on a second one', async () => {
    const home = freshHome();
    expect((await cli(home, ['connect', 'codex', '--model', 'sim-gemini'], limited())).code).toBe(
      0,
    );
    // No upstream this time: nothing to ask, and nothing needs asking.
    const again = await cli(home, ['connect', 'codex'], {});
    expect(again.code, again.stderr).toBe(0);
    expect((await cli(home, ['tools'], {})).stdout).toMatch(/^codex .*model sim-gemini$/m);
  });

  it('asks for --model, and writes nothing, when there is no upstream to ask', async () => {
    const home = freshHome();
    const connect = await cli(home, ['connect', 'codex'], {
      MODEL_GATEWAY_UPSTREAM: '',
      MODEL_GATEWAY_UPSTREAM_KEY: '',
    });
    expect(connect.code).toBe(2);
    expect(connect.stderr).toContain('Give --model M');
    expect(connect.stderr).toContain('No upstream configured');
    expect((await cli(home, ['tools'], {})).stdout).toMatch(/^codex .*not connected$/m);
  });
});
