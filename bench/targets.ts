import { SIZES } from './config.ts';
import { floorTargets } from './floor-targets.ts';
import type { ProfileScenario } from './profile.ts';
import type { BenchResults, SoakRecord } from './results-types.ts';
import { SOAK_LIMITS } from './soak.ts';
import { slope } from './stats.ts';

export interface TargetRow {
  target: string;
  measured: string;
  limit: string;
  /** null: not measured in this run (the soak is its own run). */
  met: boolean | null;
  /** How far from the target, when missed. */
  gap: string;
  /** Why it was missed, from this run's numbers and profiles. */
  why: string;
}

const MB = 2 ** 20;
const ms = (v: number): string => `${v.toFixed(3)} ms`;
const pct = (v: number): string => `${(v * 100).toFixed(0)} %`;

/** The upstream pool size of electron/gateway/upstream/upstream-client.ts (undici Pool). */
const GATEWAY_UPSTREAM_CONNECTIONS = 256;

function worst<T>(items: readonly T[], value: (t: T) => number, lowest = false): T {
  return [...items].sort((a, b) => (lowest ? value(a) - value(b) : value(b) - value(a)))[0]!;
}

/** The named costs of one profile scenario, largest first, as a sentence. */
function costs(profile: readonly ProfileScenario[], name: string, top = 4): string {
  const scenario = profile.find((p) => p.name === name);
  if (!scenario) return '';
  const items = [...scenario.summary.watched]
    .sort((a, b) => b.share - a.share)
    .slice(0, top)
    .map((w) => `${w.name} ${pct(w.share)}`);
  return `In the ${name} profile the gateway's CPU goes to: ${items.join('; ')} (details under Profile).`;
}

export function evaluateTargets(r: BenchResults, soak: SoakRecord | null): TargetRow[] {
  const rows: TargetRow[] = [];
  const trans = r.latency.filter((l) => l.pair.kind === 'translated');
  // The profile that names where the gateway's CPU goes, for each kind of miss.
  const profileFor = (target: string): string =>
    [costs(r.profile, /burst/i.test(target) ? 'burst' : 'pass-through', 4), syscallNote(r)]
      .filter(Boolean)
      .join(' ');
  rows.push(
    ...floorTargets(r).map((row) =>
      row.met === false ? { ...row, why: profileFor(row.target) } : row,
    ),
  );
  rows.push(policyTarget(r));

  const tr = worst(trans, (l) => l.addedP50);
  rows.push({
    target: 'Translation adds ≤ 1 ms p50',
    measured: `${ms(tr.addedP50)} (worst: ${tr.pair.label})`,
    limit: '1 ms',
    met: tr.addedP50 <= 1,
    gap: tr.addedP50 <= 1 ? '' : `+${ms(tr.addedP50 - 1)}`,
    why: tr.addedP50 <= 1 ? '' : costs(r.profile, 'translated'),
  });

  const runs = r.openStreams.filter((o) => o.process === 'gateway');
  const mem = worst(runs, (o) => o.peakRss);
  const stalled = worst(runs, (o) => o.stalled);
  const memOk = mem.peakRss <= 200 * MB;
  const stallOk = stalled.stalled === 0;
  const { streams } = SIZES.openStreams;
  const poolBound = stalled.stalled >= streams - GATEWAY_UPSTREAM_CONNECTIONS - 5;
  rows.push({
    target: `${streams.toLocaleString('en')} concurrent streams: ≤ 200 MB RSS (gateway), none stalled`,
    measured: `peak ${(mem.peakRss / MB).toFixed(0)} MB (${mem.label}; idle ${(mem.idleRss / MB).toFixed(0)} MB); ${stalled.stalled === 0 ? `none of ${streams} stalled in any run` : `stalled ${stalled.stalled} of ${streams} (${stalled.label})`}`,
    limit: '200 MB, 0 stalled',
    met: memOk && stallOk,
    gap: [
      memOk ? '' : `+${((mem.peakRss - 200 * MB) / MB).toFixed(0)} MB`,
      stallOk ? '' : `${stalled.stalled} streams stalled`,
    ]
      .filter(Boolean)
      .join('; '),
    why: [
      stallOk
        ? ''
        : poolBound
          ? `The gateway's upstream pool holds ${GATEWAY_UPSTREAM_CONNECTIONS} connections (UpstreamClient in electron/gateway/upstream/upstream-client.ts, undici Pool \`connections: 256\`); a stream occupies its connection until it ends, so streams beyond ${GATEWAY_UPSTREAM_CONNECTIONS} wait for another to finish (the direct control run shows ${r.openStreams.find((o) => o.process === 'simulator')?.stalled ?? '?'} stalled).`
          : 'Streams stalled; see the open-streams table.',
      memOk
        ? ''
        : `The idle gateway already holds ${(mem.idleRss / MB).toFixed(0)} MB; the streams add ${((mem.peakRss - mem.idleRss) / MB).toFixed(0)} MB${poolBound ? ` with only ${GATEWAY_UPSTREAM_CONNECTIONS} of them flowing` : ''}, of which live objects are a fraction (about 28 KB per stream after a full GC; FINDINGS.md #3).`,
    ]
      .filter(Boolean)
      .join(' '),
  });

  if (soak) {
    const rssOk = soak.rssGrowth <= SOAK_LIMITS.rssBytes;
    const heapOk = soak.heapGrowth <= SOAK_LIMITS.heapBytes;
    rows.push({
      target: `No memory growth over a ${(soak.seconds / 60).toFixed(0)}-minute soak (second half)`,
      measured: `RSS ${signedMb(soak.rssGrowth)}, heap after GC ${signedMb(soak.heapGrowth)} over the second half (${soak.date.slice(0, 10)}, ${soak.requests.toLocaleString('en')} requests)`,
      limit: `RSS ≤ +${SOAK_LIMITS.rssBytes / MB} MB, heap ≤ +${SOAK_LIMITS.heapBytes / MB} MB`,
      met: rssOk && heapOk,
      gap:
        rssOk && heapOk ? '' : `RSS ${signedMb(soak.rssGrowth)}, heap ${signedMb(soak.heapGrowth)}`,
      why: rssOk && heapOk ? '' : soakWhy(soak, heapOk),
    });
  } else {
    rows.push({
      target: 'No memory growth over a 10-minute soak',
      measured: 'not run yet (`npm run bench -- --soak 10m`)',
      limit: 'no growth',
      met: null,
      gap: '',
      why: '',
    });
  }
  return rows;
}

/** Other processes' share of the machine during a phase (the latency phase), when it matters. */
function otherLoad(r: BenchResults, phase = 'latency'): string {
  const load = r.meta.load.find((l) => l.phase === phase)?.other ?? 0;
  return load > 0.05 ? `, and other processes used ${pct(load)} of the machine meanwhile` : '';
}

/** What the request log costs the kernel per request, from the strace counts. */
function syscallNote(r: BenchResults): string {
  const gateway = r.syscalls?.find((c) => c.label.startsWith('gateway: chat → chat'));
  const simulator = r.syscalls?.find((c) => c.label.startsWith('simulator: chat'));
  if (!gateway || !simulator) return '';
  const sqlite = gateway.top
    .filter((t) => ['pwrite64', 'fcntl', 'pread64', 'fdatasync', 'fsync'].includes(t.name))
    .reduce((sum, t) => sum + t.perRequest, 0);
  return `Each pass-through request still costs the gateway ${gateway.perRequest.toFixed(0)} system calls (the simulator: ${simulator.perRequest.toFixed(0)}), ${sqlite.toFixed(0)} of them SQLite WAL writes and file locks for the request log, committed once per request when requests come one at a time.`;
}

/** Where a soak's RSS growth sits: the JS heap, or native memory (the malloc arena). */
function soakWhy(soak: SoakRecord, heapOk: boolean): string {
  const half = soak.samples.filter((x) => x.t >= soak.seconds / 2 && x.parts);
  const arena = slope(half.map((x) => ({ x: x.t, y: x.parts.brkHeap }))) * (soak.seconds / 2);
  const where = heapOk
    ? `The JavaScript heap does not grow (${signedMb(soak.heapGrowth)} after GC); the RSS growth is native memory${half.length > 0 ? `: the main malloc arena trends ${signedMb(arena)} over the second half` : ''}.`
    : `The JavaScript heap grows ${signedMb(soak.heapGrowth)} after GC over the second half: objects accumulate.`;
  return `${where} Series in bench/results/soak.md; analysis in FINDINGS.md, "The soak".`;
}

const signedMb = (bytes: number): string =>
  `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / MB).toFixed(2)} MB`;

/** Issue 24: what a request pays for the person's routes and budgets. */
export const POLICY_ADDED_US = 20;

/**
 * The finest difference between two gateway series the HTTP rounds resolve: the narrower
 * min–max band of the per-round p50 differences (limited − plain, route − plain), ms.
 */
export function httpResolutionMs(policy: NonNullable<BenchResults['policy']>): number {
  const width = (s: { min: number; max: number }): number => s.max - s.min;
  return Math.min(
    width(policy.latency.limitsDifference.p50),
    width(policy.latency.routeDifference.p50),
  );
}

function policyTarget(r: BenchResults): TargetRow {
  const target = `Resolving a route and checking a budget: under ${POLICY_ADDED_US} µs added to a request that needs them (in-process), and none measurable to one that needs neither (HTTP difference within the rounds' spread)`;
  const limit = `${POLICY_ADDED_US} µs; below the HTTP rounds' spread`;
  const p = r.policy;
  if (!p)
    return {
      target,
      measured: 'not measured in this run (results from before it was)',
      limit,
      met: null,
      gap: '',
      why: '',
    };
  const us = (ns: number): string => `${(ns / 1000).toFixed(2)} µs`;
  const band = (s: { median: number; min: number; max: number }): string =>
    `${s.median >= 0 ? '+' : ''}${ms(s.median)} (rounds ${ms(s.min)} … ${ms(s.max)})`;
  const neither = p.cost.cases.find((c) => c.key === 'neither')!;
  const worstAdded = Math.max(p.cost.addedLimitsNs, p.cost.addedRouteNs) / 1000;
  const resolution = httpResolutionMs(p);
  const needsOk = worstAdded < POLICY_ADDED_US;
  const neitherOk = neither.nsPerCall / 1e6 < resolution;
  const calls = p.cost.blocks * p.cost.blockSize;
  return {
    target,
    measured: `in-process (planRequest, median of ${p.cost.blocks} blocks of ${p.cost.blockSize.toLocaleString('en')} calls): a request that needs neither pays ${us(neither.nsPerCall)} in all; budgets checked +${us(p.cost.addedLimitsNs)}; route resolved and budgets checked +${us(p.cost.addedRouteNs)}. Over HTTP, p50: limited − plain ${band(p.latency.limitsDifference.p50)}, route − plain ${band(p.latency.routeDifference.p50)}; the rounds resolve ${ms(resolution)}`,
    limit,
    met: needsOk && neitherOk,
    gap: [
      needsOk ? '' : `+${(worstAdded - POLICY_ADDED_US).toFixed(2)} µs over ${POLICY_ADDED_US} µs`,
      neitherOk
        ? ''
        : `a request that needs neither pays ${us(neither.nsPerCall)}, more than the ${ms(resolution)} the HTTP rounds resolve`,
    ]
      .filter(Boolean)
      .join('; '),
    why: needsOk
      ? ''
      : `The ledger took room in SQLite ${p.cost.ledgerWrites} times in ${calls.toLocaleString('en')} timed calls per case, so the time is its in-memory path: per request, a check per limit (each budget's calendar window, a claim looked up by a string key per limit) and the tariffs read from the catalog${otherLoad(r, 'routes and budgets, in-process')}.`,
  };
}
