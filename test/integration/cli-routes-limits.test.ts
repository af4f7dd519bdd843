import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

/** No upstream at all: nothing in the environment, and a fresh data dir holds no profile. */
const OFFLINE = {
  MODEL_GATEWAY_UPSTREAM: '',
  MODEL_GATEWAY_UPSTREAM_KEY: '',
  MODEL_GATEWAY_TOKEN: '',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function cli(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const p = runCli([...args, '--data-dir', dataDir], { ...OFFLINE, ...env });
  running.push(p);
  const code = await p.exit();
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

/** A run that must succeed; its stdout. */
async function ok(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const run = await cli(dataDir, args, env);
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`);
  return run;
}

/** A run refused as bad input: exit 2, the message alone (no usage text to bury it). */
async function refused(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const run = await cli(dataDir, args, env);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).not.toContain('Usage: model-gateway');
  return run.stderr;
}

/** Each test runs the command a dozen times or more, a second or so each on a busy machine. */
const MANY_RUNS = { timeout: 120_000 };

const newDataDir = (): string => mkdtempSync(join(tmpdir(), 'mg-routes-'));

interface ListedRoute {
  name: string;
  models: string[];
  shadow: boolean;
  firstByteTimeoutMs: number | null;
  maxRetryAfterMs: number | null;
  notInCatalog: string[] | null;
}

async function listed(dataDir: string): Promise<ListedRoute[]> {
  const { stdout } = await ok(dataDir, ['route', 'list', '--json']);
  return (JSON.parse(stdout) as { routes: ListedRoute[] }).routes;
}

describe('model-gateway route', MANY_RUNS, () => {
  const upstream = () => ({
    MODEL_GATEWAY_UPSTREAM: sim.url,
    MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
  });

  it('adds, lists, replaces and removes routes, checked against the catalog', async () => {
    const dir = newDataDir();
    expect((await ok(dir, ['route', 'list'])).stdout).toMatch(/No routes yet/);

    const added = await ok(dir, ['route', 'add', 'fast', 'sim-gemini', 'sim-chat'], upstream());
    expect(added.stdout).toBe("Route 'fast' created: sim-gemini → sim-chat\n");
    expect(added.stderr).toBe('');

    // A model the catalog lacks is allowed (catalogs change), and said.
    const later = await ok(
      dir,
      ['route', 'add', 'coding', 'next-model', 'fast', '--max-retry-after', '5'],
      upstream(),
    );
    expect(later.stderr).toBe(
      "Warning: 'next-model' is not in the catalog now; the route skips it until it is.\n",
    );

    // A catalog model's name only with --shadow.
    expect(await refused(dir, ['route', 'add', 'sim-chat', 'sim-gemini'], upstream())).toBe(
      "model-gateway: 'sim-chat' is a model in the catalog; a route may take its name only when it shadows it (--shadow).\n",
    );
    await ok(dir, ['route', 'add', 'sim-chat', 'sim-gemini', '--shadow'], upstream());

    expect(await listed(dir)).toEqual([
      {
        name: 'coding',
        models: ['next-model', 'fast'],
        shadow: false,
        firstByteTimeoutMs: null,
        maxRetryAfterMs: 5000,
        createdAt: expect.any(Number) as number,
        updatedAt: expect.any(Number) as number,
        // No catalog snapshot saved for the key: nothing is marked rather than guessed.
        notInCatalog: null,
      },
      expect.objectContaining({ name: 'fast', models: ['sim-gemini', 'sim-chat'] }),
      expect.objectContaining({ name: 'sim-chat', models: ['sim-gemini'], shadow: true }),
    ]);
    const text = (await ok(dir, ['route', 'list'])).stdout;
    expect(text).toContain(
      'coding    next-model → fast (route)   (waits out a Retry-After up to 5 s)',
    );
    expect(text).toContain('sim-chat  sim-gemini   (shadows the model of its name)');
    expect(text).toMatch(/moves on to its next model when a stream sends nothing for 60 s,\n/);

    // set replaces the whole route: options left out are back to their defaults.
    expect(
      (
        await ok(
          dir,
          ['route', 'set', 'coding', 'sim-chat', '--first-byte-timeout', '30'],
          upstream(),
        )
      ).stdout,
    ).toBe("Route 'coding' replaced: sim-chat\n");
    expect((await listed(dir)).find((r) => r.name === 'coding')).toMatchObject({
      models: ['sim-chat'],
      firstByteTimeoutMs: 30_000,
      maxRetryAfterMs: null,
    });

    await ok(dir, ['route', 'set', 'coding', 'fast'], upstream());
    expect(await refused(dir, ['route', 'rm', 'fast'])).toMatch(
      /Route 'fast' is part of route 'coding'; take it out of it first/,
    );
    expect((await ok(dir, ['route', 'rm', 'coding'])).stdout).toBe("Route 'coding' removed.\n");
    await ok(dir, ['route', 'rm', 'fast']);
    expect((await listed(dir)).map((r) => r.name)).toEqual(['sim-chat']);
  });

  it('refuses bad input with a sentence and exit 2, changing nothing', async () => {
    const dir = newDataDir();
    await ok(dir, ['route', 'add', 'fast', 'sim-chat']);
    const before = await listed(dir);

    expect(await refused(dir, ['route', 'add', 'fast', 'sim-gemini'])).toBe(
      "model-gateway: A route named 'fast' exists already. Change it with `model-gateway route set fast MODEL...`.\n",
    );
    expect(await refused(dir, ['route', 'set', 'slow', 'sim-chat'])).toMatch(
      /No route named 'slow'\. Create it with `model-gateway route add slow MODEL\.\.\.`/,
    );
    expect(await refused(dir, ['route', 'add', 'empty'])).toMatch(
      /A route needs at least one model/,
    );
    expect(await refused(dir, ['route', 'add', 'a/b', 'sim-chat'])).toMatch(
      /NAME: must not hold spaces, `\/`, `\?` or `#`/,
    );
    expect(
      await refused(dir, ['route', 'add', 'slow', 'sim-chat', '--first-byte-timeout', 'soon']),
    ).toMatch(/--first-byte-timeout must be a number of seconds from 0\.1 to 600, not 'soon'/);
    await ok(dir, ['route', 'add', 'outer', 'fast']);
    expect(await refused(dir, ['route', 'set', 'fast', 'outer'])).toMatch(
      /loop|names itself|itself/i,
    );
    expect(await refused(dir, ['route', 'rm', 'nowhere'])).toMatch(/No route named 'nowhere'/);
    expect((await listed(dir)).filter((r) => r.name !== 'outer')).toEqual(before);
  });

  it('without a catalog to ask, saves the route and says the name was not checked', async () => {
    const dir = newDataDir();
    const run = await ok(dir, ['route', 'add', 'claude-haiku-4-5', 'sim-chat']);
    expect(run.stderr).toMatch(
      /^Warning: the catalog could not be asked \(.*\); whether 'claude-haiku-4-5' is a catalog model's name was not checked/,
    );
    expect((await listed(dir)).map((r) => r.name)).toEqual(['claude-haiku-4-5']);
  });
});

describe('model-gateway token limit', MANY_RUNS, () => {
  it('sets the given limits, keeps the others, shows them, clears one or all', async () => {
    const dir = newDataDir();
    await ok(dir, ['token', 'create', 'editor']);
    await ok(dir, ['route', 'add', 'cheap', 'sim-chat']);

    const shown = (await ok(dir, ['token', 'limit', 'editor'])).stdout;
    expect(shown).toMatch(/^Limits of token 'editor':\n/);
    expect(shown).toMatch(/daily budget\s+none\n/);
    expect(shown).toMatch(/models\s+any\n/);

    const set = (await ok(dir, ['token', 'limit', 'editor', '--daily-usd', '5', '--rpm', '60']))
      .stdout;
    expect(set).toMatch(/daily budget\s+\$5\n/);
    expect(set).toMatch(/requests\/minute\s+60\n/);
    expect(set).toMatch(/then route\s+none \(once a budget is spent, requests are refused/);

    const more = (
      await ok(dir, [
        'token',
        'limit',
        'editor',
        '--weekly-usd',
        '$20',
        '--models',
        'sim-chat,cheap',
        '--then-route',
        'cheap',
      ])
    ).stdout;
    expect(more).toMatch(/daily budget\s+\$5\n/);
    expect(more).toMatch(/weekly budget\s+\$20\n/);
    expect(more).toMatch(/models\s+sim-chat, cheap\n/);
    expect(more).toMatch(/then route\s+cheap \(/);
    expect((await ok(dir, ['token', 'list'])).stdout).toMatch(
      /editor\s.*active\s+limits \$5\/day, \$20\/week, 60 rpm, only sim-chat cheap, then cheap\n/,
    );

    const cleared = (await ok(dir, ['token', 'limit', 'editor', '--rpm', 'none'])).stdout;
    expect(cleared).toMatch(/requests\/minute\s+none\n/);
    expect(cleared).toMatch(/daily budget\s+\$5\n/);

    // A route a token's budget sends requests to cannot be removed under it.
    expect(await refused(dir, ['route', 'rm', 'cheap'])).toMatch(/change its limits first/);

    const none = (await ok(dir, ['token', 'limit', 'editor', '--clear'])).stdout;
    expect(none).toMatch(/daily budget\s+none\n/);
    expect(none).toMatch(/then route\s+none\n/);
    expect((await ok(dir, ['token', 'list'])).stdout).toMatch(/editor\s.*active\s+limits -\n/);
  });

  it('refuses bad input with a sentence and exit 2, changing nothing', async () => {
    const dir = newDataDir();
    await ok(dir, ['token', 'create', 'editor']);
    const before = (await ok(dir, ['token', 'limit', 'editor', '--daily-usd', '5'])).stdout;

    expect(await refused(dir, ['token', 'limit', 'editor', '--daily-usd', 'abc'])).toBe(
      "model-gateway: --daily-usd must be a number of dollars above 0, not 'abc'.\n",
    );
    expect(
      await refused(dir, ['token', 'limit', 'editor', '--daily-usd=-1', '--rpm', '10']),
    ).toMatch(/--daily-usd must be a number of dollars above 0, not '-1'/);
    expect(await refused(dir, ['token', 'limit', 'editor', '--rpm', '2.5'])).toMatch(
      /--rpm must be a whole number above 0, not '2\.5'/,
    );
    expect(await refused(dir, ['token', 'limit', 'nobody', '--rpm', '10'])).toBe(
      "model-gateway: No active token named 'nobody'. `model-gateway token list` shows them.\n",
    );
    expect(await refused(dir, ['token', 'limit', 'editor', '--then-route', 'nowhere'])).toMatch(
      /--then-route: no route named 'nowhere'\. Create it first with `model-gateway route add nowhere MODEL\.\.\.`/,
    );
    expect((await ok(dir, ['token', 'limit', 'editor'])).stdout).toBe(before);
  });
});

describe('model-gateway usage --by model-route', MANY_RUNS, () => {
  it('groups by the model route requests asked for', async () => {
    const dir = newDataDir();
    await ok(dir, ['token', 'create', 'editor']);
    const table = (await ok(dir, ['usage', '--by', 'model-route'])).stdout;
    expect(table).toMatch(/^model-route\s+requests/);
    const json = JSON.parse((await ok(dir, ['usage', '--by', 'model-route', '--json'])).stdout) as {
      by: string;
    };
    expect(json.by).toBe('model-route');
  });
});

describe('a running gateway', MANY_RUNS, () => {
  it('sees a route added from the command line within a second', async () => {
    const dir = newDataDir();
    const token = (await ok(dir, ['token', 'create', 'editor'])).stdout.trim();
    const gw = runCli(['serve', '--upstream', sim.url, '--port', '0', '--data-dir', dir], {
      ...OFFLINE,
      MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full,
    });
    running.push(gw);
    const [, url] = await gw.line(/^Gateway listening on (\S+)\n/);
    const ids = async (): Promise<string[]> => {
      const response = await fetch(`${url!}/v1/models`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    };
    expect(await ids()).not.toContain('coding');

    await ok(dir, ['route', 'add', 'coding', 'sim-chat']);
    const added = Date.now();
    await expect.poll(ids, { timeout: 1_000, interval: 50 }).toContain('coding');
    expect(Date.now() - added).toBeLessThan(1_000);

    await ok(dir, ['route', 'rm', 'coding']);
    await expect.poll(ids, { timeout: 1_000, interval: 50 }).not.toContain('coding');
  });
});
