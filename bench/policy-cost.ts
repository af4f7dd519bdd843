import { mkdtempSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RequestEnvelope } from '../electron/gateway/canonical/format-codec.ts';
import type * as CatalogCacheModule from '../electron/gateway/catalog/catalog-cache.ts';
import type { CatalogModel } from '../electron/gateway/catalog/catalog-model.ts';
import type * as CodecsModule from '../electron/gateway/formats/codecs.ts';
import type { Tariff } from '../electron/gateway/metering/tariff.ts';
import type { GenerationDeps } from '../electron/gateway/server/handle-generation.ts';
import type * as RequestContextModule from '../electron/gateway/server/request-context.ts';
import type * as RequestPlanModule from '../electron/gateway/server/request-plan.ts';
import type * as RetryPolicyModule from '../electron/gateway/upstream/retry-policy.ts';
import type * as UpstreamClientModule from '../electron/gateway/upstream/upstream-client.ts';
import { SIZES } from './config.ts';
import { SHORT_PROMPT } from './pairs.ts';
import {
  BENCH_ROUTE,
  importSources,
  loadStoreModule,
  preparePolicy,
  ROUTED_MODEL,
  type BenchToken,
} from './policy-fixture.ts';
import { median, percentile } from './stats.ts';

type PolicyCaseKey = 'neither' | 'limits' | 'route';

interface PolicyCostCase {
  key: PolicyCaseKey;
  label: string;
  /** ns per `planRequest` call: the median over blocks, and the 90th percentile of blocks. */
  nsPerCall: number;
  p90NsPerCall: number;
  /**
   * Off the request's path, not in the times above: releasing the request's per-minute hold
   * and writing its record through the request log (whose transaction settles the budgets), µs
   * per record.
   */
  writerUsPerRecord: number;
}

export interface PolicyCostResult {
  cases: PolicyCostCase[];
  /**
   * What a budget check, and a route plus a budget check, add over a request that needs neither:
   * the median over rounds of (case − neither), each round's blocks run one after the other.
   */
  addedLimitsNs: number;
  addedRouteNs: number;
  blockSize: number;
  blocks: number;
  warmupBlocks: number;
  /** Rows SQLite changed during the timed calls: the ledger taking room (a write transaction). */
  ledgerWrites: number;
  /** Catalog models in the cache the route and the tariffs are looked up in. */
  catalogModels: number;
}

/** A token tariff like the simulator's pricing gives `sim-chat`. */
const tariff = (modelRatio: number): Tariff => ({
  kind: 'tokens',
  modelRatio,
  completionRatio: 4,
  cacheRatio: 0.5,
  groupRatio: 1,
});

/** About 20 models, as a small upstream lists: `sim-chat` and others around it. */
function benchCatalog(): CatalogModel[] {
  const model = (id: string, price: Tariff | null): CatalogModel => ({
    id,
    ownedBy: 'bench',
    created: 0,
    markers: ['openai'],
    formats: ['chat'],
    markersKnown: true,
    tariff: price,
    overridden: { markers: false, tariff: false },
  });
  const others = Array.from({ length: 19 }, (_, i) =>
    model(`bench-model-${String(i + 1).padStart(2, '0')}`, i % 4 === 3 ? null : tariff(0.1 * i)),
  );
  return [...others.slice(0, 9), model(ROUTED_MODEL, tariff(0.075)), ...others.slice(9)];
}

interface Case {
  key: PolicyCaseKey;
  label: string;
  token: BenchToken;
  envelope: RequestEnvelope;
  bytes: number;
}

/**
 * The gateway's own `planRequest` (electron/gateway/server/request-plan.ts) on a real store, timed
 * in this process: what applying a person's decisions costs a request before it goes upstream,
 * for a request that needs neither a route nor a budget, one whose token has limits, and one
 * that names a route with such a token. Modules come from the run's sources (`root`).
 */
export async function measurePolicyCost(
  root: string,
  log: (line: string) => void,
): Promise<PolicyCostResult> {
  const { blockSize, blocks, warmupBlocks } = SIZES.policy.cost;
  const [{ openStore, storePolicy }, plan, context, cache, upstream, codecs, retry] =
    await Promise.all([
      loadStoreModule(root),
      importSources<typeof RequestPlanModule>(root, 'electron/gateway/server/request-plan.ts'),
      importSources<typeof RequestContextModule>(
        root,
        'electron/gateway/server/request-context.ts',
      ),
      importSources<typeof CatalogCacheModule>(root, 'electron/gateway/catalog/catalog-cache.ts'),
      importSources<typeof UpstreamClientModule>(
        root,
        'electron/gateway/upstream/upstream-client.ts',
      ),
      importSources<typeof CodecsModule>(root, 'electron/gateway/formats/codecs.ts'),
      importSources<typeof RetryPolicyModule>(root, 'electron/gateway/upstream/retry-policy.ts'),
    ]);
  const dir = mkdtempSync(join(tmpdir(), 'mgw-bench-policy-cost-'));
  const store = openStore(dir);
  try {
    const tokens = preparePolicy(store);
    // A real client pointing nowhere: keyId() hashes the key, it calls nothing.
    const client = new upstream.UpstreamClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: () => 'bench-upstream-key',
    });
    // As the gateway's, but kept for an hour: a refetch would go to the upstream (nowhere).
    const catalog = new cache.CatalogCache({ ttlMs: 3_600_000, minRefreshIntervalMs: 10_000 });
    const models = benchCatalog();
    await catalog.get(await client.keyId(), async () => models);
    const deps: GenerationDeps = {
      upstream: () => client,
      catalog,
      catalogSources: {},
      retry: retry.DEFAULT_RETRY_POLICY,
      maxBodyBytes: 32 * 1024 * 1024,
      clientBodyTimeoutMs: 60_000,
      state: store.opaqueState,
      responses: store.responses,
      policy: storePolicy(store),
    };
    const ledger = store.limitLedger;
    const makeCase = (
      key: PolicyCaseKey,
      label: string,
      token: BenchToken,
      model: string,
    ): Case => {
      const body = { model, messages: [{ role: 'user', content: SHORT_PROMPT }] };
      return {
        key,
        label,
        token,
        envelope: codecs.CODECS.chat.readEnvelope(body, {}),
        bytes: Buffer.byteLength(JSON.stringify(body)),
      };
    };
    const cases: Case[] = [
      makeCase(
        'neither',
        `${ROUTED_MODEL}, token without limits (needs neither)`,
        tokens.plain,
        ROUTED_MODEL,
      ),
      makeCase(
        'limits',
        `${ROUTED_MODEL}, limited token (budgets and rates checked)`,
        tokens.limited,
        ROUTED_MODEL,
      ),
      makeCase(
        'route',
        `${BENCH_ROUTE}, limited token (route resolved, budgets and rates checked)`,
        tokens.limited,
        BENCH_ROUTE,
      ),
    ];
    const changes = store.db.prepare<[], number>('SELECT total_changes()').pluck();
    // A request/response pair per call in a block, reused block after block (a context only
    // listens for the response's close, removed after each block).
    const pairs = Array.from({ length: blockSize }, () => {
      const req = new IncomingMessage(new Socket());
      return { req, res: new ServerResponse(req) };
    });
    const costUsd = 0.0001;
    const usage = {
      inputTokens: 20,
      outputTokens: 80,
      totalTokens: 100,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    };

    /** One block of one case: its calls timed back to back, then their records settled. */
    const runBlock = async (c: Case): Promise<{ ns: number; writerUs: number; writes: number }> => {
      const contexts = pairs.map(({ req, res }) => {
        const ctx = new context.RequestContext(req, res);
        // As gateway-server.ts does once the token is verified, and handleGeneration before planning.
        ctx.record.client = c.token.name;
        ctx.record.clientTokenId = c.token.id;
        ctx.record.model = c.envelope.model;
        return ctx;
      });
      const writes0 = changes.get() ?? 0;
      const t0 = performance.now();
      for (const ctx of contexts) await plan.planRequest(deps, ctx, c.envelope, c.bytes);
      const t1 = performance.now();
      const writes = (changes.get() ?? 0) - writes0;
      // What the gateway does once each request is over: the per-minute hold freed beyond the
      // tokens used, the record (with its metered cost) to the log writer, which writes batches
      // of 200 at once and settles the budgets' holds in the same transaction.
      const w0 = performance.now();
      for (const ctx of contexts) {
        const record = ctx.record;
        if (record.limitHold) ledger.release(record.limitHold, { tokens: usage.totalTokens });
        Object.assign(record, {
          status: 200,
          route: 'passthrough',
          clientFormat: 'chat',
          upstreamFormat: 'chat',
          servedModel: ROUTED_MODEL,
          latencyMs: 1,
          usage,
          costUsd,
        });
        store.logWriter.enqueue(record);
      }
      store.logWriter.flush();
      const w1 = performance.now();
      for (const { res } of pairs) res.removeAllListeners('close');
      // A turn of the event loop, as between requests: the ledger's and the writer's timers run.
      await new Promise((resolve) => setImmediate(resolve));
      return { ns: ((t1 - t0) * 1e6) / blockSize, writerUs: ((w1 - w0) * 1e3) / blockSize, writes };
    };

    for (let i = 0; i < warmupBlocks; i += 1) for (const c of cases) await runBlock(c);
    const ns = new Map<PolicyCaseKey, number[]>(cases.map((c) => [c.key, []]));
    const writerUs = new Map<PolicyCaseKey, number[]>(cases.map((c) => [c.key, []]));
    let ledgerWrites = 0;
    for (let round = 0; round < blocks; round += 1) {
      for (const c of cases) {
        const block = await runBlock(c);
        ns.get(c.key)!.push(block.ns);
        writerUs.get(c.key)!.push(block.writerUs);
        ledgerWrites += block.writes;
      }
      if ((round + 1) % 25 === 0)
        log(`routes and budgets in-process: ${round + 1}/${blocks} rounds`);
    }
    await client.close();
    const added = (key: PolicyCaseKey): number => {
      const base = ns.get('neither')!;
      return median(ns.get(key)!.map((v, i) => v - base[i]!));
    };
    return {
      cases: cases.map((c) => ({
        key: c.key,
        label: c.label,
        nsPerCall: median(ns.get(c.key)!),
        p90NsPerCall: percentile(ns.get(c.key)!, 90),
        writerUsPerRecord: median(writerUs.get(c.key)!),
      })),
      addedLimitsNs: added('limits'),
      addedRouteNs: added('route'),
      blockSize,
      blocks,
      warmupBlocks,
      ledgerWrites,
      catalogModels: models.length,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
