import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpstreamHealth } from '../../shared/contract.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../../test/upstream-sim/index.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { UpstreamHealthMonitor, type UpstreamHealthOptions } from './upstream-health.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function clientFor(baseUrl: string, key: string): UpstreamClient {
  const client = new UpstreamClient({ baseUrl, apiKey: () => key, pricingUrl: null });
  cleanups.push(() => client.close());
  return client;
}

async function simulator(port = 0): Promise<RunningSimulator> {
  const sim = await startSimulator({ port });
  cleanups.push(() => sim.close());
  return sim;
}

/** A monitor that records what it publishes. */
function monitor(
  options: Partial<UpstreamHealthOptions> & Pick<UpstreamHealthOptions, 'upstream'>,
) {
  const published: UpstreamHealth[] = [];
  const m = new UpstreamHealthMonitor({ publish: (h) => published.push(h), ...options });
  cleanups.push(() => m.close());
  return { m, published };
}

/** A server that answers `/v1/models` as `reply` says, counting the calls. */
async function fakeUpstream(
  reply: (auth: string) => { status: number; body: string; headers?: Record<string, string> },
): Promise<{ url: string; calls: () => number }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    calls += 1;
    const { status, body, headers } = reply(req.headers.authorization ?? '');
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls: () => calls };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('UpstreamHealthMonitor against the simulator', () => {
  it('is checking until the first check, then ok with the model count', async () => {
    const sim = await simulator();
    const client = clientFor(sim.url, SIM_KEYS.full);
    const { m, published } = monitor({ upstream: () => ({ client }) });
    expect(m.current().state).toBe('checking');
    const health = await m.recheck();
    expect(health).toMatchObject({ state: 'ok', httpStatus: 200, baseUrl: sim.url });
    expect(health.detail).toMatch(/^\d+ models visible to the key\.$/);
    expect(health.checkedAt).toBeTypeOf('number');
    expect(published.map((h) => h.state)).toEqual(['ok']);
    expect(sim.journal.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('says the key was rejected, in the upstream’s words', async () => {
    const sim = await simulator();
    const { m } = monitor({
      upstream: () => ({ client: clientFor(sim.url, 'sim-key-wrong-0000') }),
    });
    expect(await m.recheck()).toMatchObject({
      state: 'key_rejected',
      httpStatus: 401,
      detail: 'Invalid or missing API key. Send Authorization: Bearer <key> (simulated upstream).',
    });
  });

  it('follows an upstream that stops and comes back, while watched', async () => {
    const sim = await startSimulator();
    const port = sim.port;
    const client = clientFor(sim.url, SIM_KEYS.full);
    const { m, published } = monitor({ upstream: () => ({ client }), intervalMs: 50 });
    m.watch();
    await until(() => published.at(-1)?.state === 'ok');
    await sim.close();
    await until(() => published.at(-1)?.state === 'unreachable');
    expect(published.at(-1)?.detail).toBe(
      `Cannot reach ${sim.url}: connection refused (ECONNREFUSED).`,
    );
    await simulator(port);
    await until(() => published.at(-1)?.state === 'ok');
    // Only changes are published, not every check.
    expect(published.map((h) => h.state)).toEqual(['ok', 'unreachable', 'ok']);
  });

  it('says there is nothing to check without an upstream', async () => {
    const { m } = monitor({
      upstream: () => ({ code: 'no_key', message: 'No upstream key is stored.' }),
    });
    expect(await m.recheck()).toMatchObject({
      state: 'not_configured',
      detail: 'No upstream key is stored.',
      baseUrl: null,
    });
  });
});

describe('UpstreamHealthMonitor against other answers', () => {
  it('reads a 429 and its Retry-After', async () => {
    const fake = await fakeUpstream(() => ({
      status: 429,
      body: '{"error":{"message":"Too many requests"}}',
      headers: { 'retry-after': '12' },
    }));
    const { m } = monitor({ upstream: () => ({ client: clientFor(fake.url, 'k-429') }) });
    expect(await m.recheck()).toMatchObject({
      state: 'rate_limited',
      retryAfterSeconds: 12,
      detail: 'Too many requests',
    });
  });

  it('calls a 5xx an upstream error', async () => {
    const fake = await fakeUpstream(() => ({ status: 503, body: '{"error":{"message":"down"}}' }));
    const { m } = monitor({ upstream: () => ({ client: clientFor(fake.url, 'k-503') }) });
    expect(await m.recheck()).toMatchObject({
      state: 'upstream_error',
      httpStatus: 503,
      detail: 'The upstream answered 503: down',
    });
  });

  it('never publishes the key, even when the upstream quotes it', async () => {
    const key = 'upstream-secret-key-0123456789';
    const fake = await fakeUpstream((auth) => ({
      status: 401,
      body: JSON.stringify({ error: { message: `Key ${auth.replace('Bearer ', '')} is invalid` } }),
    }));
    const { m, published } = monitor({ upstream: () => ({ client: clientFor(fake.url, key) }) });
    await m.recheck();
    expect(published).toHaveLength(1);
    expect(JSON.stringify(published)).not.toContain(key);
    expect(published[0]?.state).toBe('key_rejected');
  });

  it('stops checking when nobody has watched for the lease', async () => {
    const fake = await fakeUpstream(() => ({ status: 200, body: '{"data":[]}' }));
    const client = clientFor(fake.url, 'k-lease');
    const { m } = monitor({ upstream: () => ({ client }), intervalMs: 20, leaseMs: 150 });
    m.watch();
    await new Promise((r) => setTimeout(r, 400));
    const afterLease = fake.calls();
    expect(afterLease).toBeGreaterThan(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.calls()).toBe(afterLease);
  });

  it('starts over after a profile or key change, and checks at once when watched', async () => {
    let status = 401;
    const fake = await fakeUpstream(() => ({ status, body: '{"data":[{"id":"m"}]}' }));
    const client = clientFor(fake.url, 'k-reset');
    const { m, published } = monitor({ upstream: () => ({ client }), intervalMs: 60_000 });
    m.watch();
    await until(() => published.at(-1)?.state === 'key_rejected');
    status = 200;
    m.reset();
    await until(() => published.at(-1)?.state === 'ok');
    expect(published.map((h) => h.state)).toEqual(['key_rejected', 'checking', 'ok']);
  });

  it('looks again after a failure only when watched, once the gap has passed', async () => {
    const fake = await fakeUpstream(() => ({ status: 200, body: '{"data":[]}' }));
    const client = clientFor(fake.url, 'k-nudge');
    const { m } = monitor({ upstream: () => ({ client }), intervalMs: 60_000, minGapMs: 300 });
    m.nudge();
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.calls()).toBe(0);
    await m.recheck();
    expect(fake.calls()).toBe(1);
    // A burst of failures right after a check: one more check, when the gap is over.
    m.nudge();
    m.nudge();
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.calls()).toBe(1);
    await until(() => fake.calls() === 2);
    await new Promise((r) => setTimeout(r, 400));
    expect(fake.calls()).toBe(2);
  });
});
