import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_LIST } from '../format-kits/kits.ts';
import { answerText } from '../format-kits/stream-records.ts';
import { route, routesOnlyPolicy } from '../doubles/policy/routes-only-policy.ts';
import { recordFor, startHarness, type Harness } from './harness.ts';

/**
 * Model routes through the real gateway and the simulator, for every client format (from the
 * kits), streamed and not: a route moves on for each failure another model can fix, and never
 * on a 400, a 401 or after the first byte. The first model fails through the simulator's
 * per-model faults. Each client's own model (`nativeModel`) is passed through; its other
 * (`translatedModel`) is translated.
 */

const FIRST_BYTE_LIMIT_MS = 250;

/** Failures a route moves on from: the first model's fault, and the reason recorded. */
const FALLBACK_KINDS: { name: string; fault: string; outcome: string; streamOnly?: boolean }[] = [
  { name: '429 past the retries', fault: '[[sim:429:retry-after=0]]', outcome: 'rate_limited' },
  {
    name: '429 asking to wait longer than the route waits',
    fault: '[[sim:429:retry-after=30]]',
    outcome: 'rate_limited',
  },
  { name: '500', fault: '[[sim:500]]', outcome: 'server_error' },
  { name: '503 past the retries', fault: '[[sim:503]]', outcome: 'server_error' },
  { name: '529 overloaded', fault: '[[sim:529]]', outcome: 'overloaded' },
  { name: 'a 404 from the model', fault: '[[sim:404]]', outcome: 'not_found' },
  { name: 'a reset connection', fault: '[[sim:cut-after=0]]', outcome: 'connection_reset' },
  {
    name: 'a first byte slower than the limit',
    fault: '[[sim:slow-first-byte=3000]]',
    outcome: 'first_byte_timeout',
    streamOnly: true,
  },
];

let h: Harness;

beforeAll(async () => {
  const routes = [];
  for (const { format, nativeModel: own, translatedModel: other } of KIT_LIST) {
    // First the client's own format (passed through), then another (translated), and back.
    routes.push(
      route(`own-first-${format}`, [own, other], { firstByteTimeoutMs: FIRST_BYTE_LIMIT_MS }),
      route(`other-first-${format}`, [other, own], { firstByteTimeoutMs: FIRST_BYTE_LIMIT_MS }),
      route(`missing-first-${format}`, ['sim-not-in-catalog', own]),
    );
  }
  h = await startHarness({ gateway: { policy: routesOnlyPolicy(routes) } });
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.sim.modelFaults.clear();
  h.sim.clearJournal();
});

async function ask(kit: FormatKit, model: string, stream: boolean) {
  const request = kit.client.request(model, 'Hello there', stream);
  const res = await fetch(`${h.url}${request.path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${h.token}`,
      'content-type': 'application/json',
      ...request.headers,
    },
    body: JSON.stringify(request.body),
  });
  const text = await res.text();
  const record = await recordFor(h, res.headers.get('x-request-id') ?? '');
  return { res, text, record };
}

describe.each(KIT_LIST)('a $format client', (kit) => {
  const { format } = kit;
  const client = { own: kit.nativeModel, other: kit.translatedModel };
  describe.each([false, true])('streamed: %s', (stream) => {
    for (const kind of FALLBACK_KINDS) {
      if (kind.streamOnly && !stream) continue;
      it.each([
        ['own', client.own, client.other],
        ['other', client.other, client.own],
      ])(`falls back on ${kind.name} (first model: %s format)`, async (first, failing, next) => {
        h.sim.modelFaults.set(failing, kind.fault);
        const { res, text, record } = await ask(kit, `${first}-first-${format}`, stream);
        expect(res.status, text).toBe(200);
        expect(res.headers.get('x-gateway-model')).toBe(next);
        expect(res.headers.get('x-gateway-fallback')).toContain(`${failing} (`);
        expect(res.headers.get('x-gateway-fallback')).toContain(kind.outcome);
        // The simulator's answer, whole or as stream deltas, read as the client reads it.
        expect(answerText(kit, text, stream)).toContain('Simulated');
        expect(record.model).toBe(`${first}-first-${format}`);
        expect(record.modelRoute).toBe(`${first}-first-${format}`);
        expect(record.servedModel).toBe(next);
        expect(record.modelAttempts.map((a) => [a.model, a.outcome])).toEqual([
          [failing, kind.outcome],
          [next, 'answered'],
        ]);
        expect(record.errorKind).toBeNull();
        // Metered as the model that answered, once.
        expect(record.usage?.outputTokens).toBeGreaterThan(0);
      });
    }

    it('falls back when the first model is missing from the catalog', async () => {
      const { res, record } = await ask(kit, `missing-first-${format}`, stream);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-gateway-model')).toBe(client.own);
      expect(record.modelAttempts.map((a) => [a.model, a.outcome, a.status])).toEqual([
        ['sim-not-in-catalog', 'not_found', 404],
        [client.own, 'answered', 200],
      ]);
    });

    it('retries a 429 as the spec allows before moving on, and waits for nothing longer', async () => {
      h.sim.modelFaults.set(client.own, '[[sim:429:retry-after=0]]');
      await ask(kit, `own-first-${format}`, stream);
      const tries = h.sim.journal.filter((e) => JSON.stringify(e.body).includes(client.own)).length;
      // The model is in the path for native clients and in the body for the others.
      const byPath = h.sim.journal.filter((e) => e.path.includes(client.own)).length;
      expect(Math.max(tries, byPath)).toBe(3);
      h.sim.clearJournal();
      h.sim.modelFaults.set(client.own, '[[sim:429:retry-after=30]]');
      const started = performance.now();
      const { res } = await ask(kit, `own-first-${format}`, stream);
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('does not fall back on a 400 caused by the request', async () => {
      h.sim.modelFaults.set(client.own, '[[sim:400]]');
      const { res, record } = await ask(kit, `own-first-${format}`, stream);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-gateway-model')).toBe(client.own);
      expect(res.headers.get('x-gateway-fallback')).toBeNull();
      expect(record.modelAttempts).toHaveLength(1);
      expect(record.modelAttempts[0]?.model).toBe(client.own);
      expect(h.sim.journal.some((e) => JSON.stringify(e).includes(client.other))).toBe(false);
    });

    it('does not fall back on a 401 about the key', async () => {
      h.sim.modelFaults.set(client.other, '[[sim:401]]');
      const { res, record } = await ask(kit, `other-first-${format}`, stream);
      expect(res.status).toBe(401);
      expect(record.modelAttempts.map((a) => a.outcome)).toEqual(['upstream_key_rejected']);
    });

    it('gives the last model’s error, in the client’s format, when every model fails', async () => {
      h.sim.modelFaults.set(client.own, '[[sim:500]]');
      h.sim.modelFaults.set(client.other, '[[sim:502]]');
      const { res, text, record } = await ask(kit, `own-first-${format}`, stream);
      expect(res.status).toBe(502);
      expect(JSON.parse(text)).toHaveProperty('error');
      expect(res.headers.get('x-gateway-model')).toBe(client.other);
      expect(record.servedModel).toBe(client.other);
      expect(record.modelAttempts.map((a) => a.model)).toEqual([client.own, client.other]);
      expect(record.status).toBe(502);
    });

    if (stream) {
      it('does not fall back after the first byte reached the client', async () => {
        h.sim.modelFaults.set(client.own, '[[sim:error-mid-stream]]');
        const { res, text, record } = await ask(kit, `own-first-${format}`, stream);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-gateway-model')).toBe(client.own);
        expect(text).toMatch(/error/i);
        expect(record.modelAttempts).toHaveLength(1);
        expect(record.modelAttempts[0]?.outcome).not.toBe('answered');
        expect(h.sim.journal.some((e) => JSON.stringify(e).includes(client.other))).toBe(false);
      });
    }
  });
});

describe('a model named directly', () => {
  it('says which model answered and records no attempts', async () => {
    const model = DEFAULT_KIT.nativeModel;
    const { res, record } = await ask(DEFAULT_KIT, model, false);
    expect(res.headers.get('x-gateway-model')).toBe(model);
    expect(res.headers.get('x-gateway-fallback')).toBeNull();
    expect(record.modelRoute).toBeNull();
    expect(record.servedModel).toBe(model);
    expect(record.modelAttempts).toEqual([]);
  });
});

describe('an upstream that refuses connections', () => {
  it('a route tries each model, each unreachable, and answers the last error', async () => {
    const kit = DEFAULT_KIT;
    const [first, second] = [kit.nativeModel, kit.translatedModel];
    const down = await startHarness({
      gateway: {
        policy: routesOnlyPolicy([route('coding', [first, second])]),
        retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 },
      },
    });
    try {
      // The catalog is loaded first, then the upstream goes away.
      await fetch(`${down.url}/v1/models`, { headers: { authorization: `Bearer ${down.token}` } });
      await down.sim.close();
      const request = kit.client.request('coding', 'Hi', false);
      const res = await fetch(`${down.url}${request.path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${down.token}`,
          'content-type': 'application/json',
          ...request.headers,
        },
        body: JSON.stringify(request.body),
      });
      expect(res.status).toBe(502);
      expect(res.headers.get('x-gateway-fallback')).toBe(`${first} (unreachable)`);
      const record = await recordFor(down, res.headers.get('x-request-id') ?? '');
      expect(record.modelAttempts.map((a) => [a.model, a.status, a.outcome])).toEqual([
        [first, null, 'unreachable'],
        [second, null, 'unreachable'],
      ]);
    } finally {
      await down.gateway.close(1000);
      down.store.close();
    }
  });
});
