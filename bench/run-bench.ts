/**
 * `npm run bench`: the gateway's cost against calling the simulator directly, written to
 * bench/results/ (report.md, results.json, charts, CPU profiles). `--soak 10m` runs only the
 * memory soak instead and refreshes the report's soak row. `--full` holds the 1,000 open
 * streams for every pair separately (the default run: three representative sets and a mix of
 * every pair). `--report-only` re-renders report.md, soak.md and the charts from the stored
 * results; `--no-profile` skips the CPU profiles, syscall and instruction counts. `--only burst` measures only
 * the bursts of streams opened at once (gateway and reference proxy) and prints them, writing
 * nothing; `--only instructions` likewise the instruction counts per request (valgrind),
 * `--only burst-cpu` the gateway's and the no-logic proxy's CPU per stream under `--cpu-prof`, and
 * `--only policy` what resolving a route and checking a budget cost a request (in-process and
 * over HTTP).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { measureBurst, type BurstResult } from './burst.ts';
import { measureBurstCpuDiff, type BurstCpuSide } from './burst-cpu-diff.ts';
import { writeCharts, writeSoakChart } from './chart.ts';
import { SIZES } from './config.ts';
import { summarizeProfile, type CpuProfile } from './cpu-profile-summary.ts';
import { measureFloor } from './floor.ts';
import { measureInstructions } from './instructions.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { measureLatency } from './latency.ts';
import { backgroundLoad, watchLoad } from './machine-load.ts';
import { measureOpenStreams } from './open-streams-memory.ts';
import { gatewayCall, PAIRS, SHORT_PROMPT } from './pairs.ts';
import { measurePolicyCost } from './policy-cost.ts';
import { BENCH_ROUTE, preparePolicyDataDir, type LoggedRequests } from './policy-fixture.ts';
import { measurePolicyLatency, type PolicyLatencyResult } from './policy-latency.ts';
import { rssBytes } from './proc-stats.ts';
import { profileGateway } from './profile.ts';
import { renderReport, renderSoak } from './report-markdown.ts';
import {
  RESULTS_VERSION,
  type BenchResults,
  type PolicyResult,
  type RunMeta,
  type SoakRecord,
} from './results-types.ts';
import { runSoak } from './soak.ts';
import {
  ROOT,
  spawnGateway,
  spawnReferenceProxy,
  spawnSimulator,
  useSources,
  type Service,
} from './spawn-services.ts';
import { snapshotSources } from './snapshot.ts';
import { measureChunkCost } from './stream-chunks.ts';
import { measureSyscalls } from './syscalls.ts';
import { measureStreamTtfb } from './streams-ttfb.ts';
import { evaluateTargets } from './targets.ts';
import { measureThroughput } from './throughput.ts';

const RESULTS = join(ROOT, 'bench/results');

const log = (line: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

/** `10m`, `90s`, `600` (seconds). */
function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`--soak takes a duration like 10m or 600s, got '${text}'`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

/** The git state of the sources when they were copied, and the copy's content hash. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
      .toString()
      .trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'electron', 'bin', 'test/upstream-sim', 'test/format-kits'],
      {
        cwd: ROOT,
      },
    ).toString();
    const state = dirty.trim() ? `${head} + uncommitted changes` : head;
    return `${state} (sources ${snapshot.hash})`;
  } catch {
    return 'unknown';
  }
}

/** Every service this run started, so Ctrl-C or a failure stops them all. */
const services = new Set<Service>();
async function track<T extends Service>(started: Promise<T>): Promise<T> {
  const service = await started;
  services.add(service);
  return service;
}
async function stopAll(): Promise<void> {
  await Promise.all([...services].map((s) => s.stop()));
  services.clear();
}
// Stop the services gracefully on Ctrl-C or a kill; anything left is killed on exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

/** One call per pair, streamed and not: the benchmark must not time error answers. */
async function checkPairs(gateway: string): Promise<void> {
  const client = new Client(gateway);
  try {
    for (const pair of PAIRS) {
      for (const stream of [false, true]) {
        const prompt = stream ? 'Check [[sim:long=5]]' : SHORT_PROMPT;
        const answer = expectOk(
          pair.label,
          await timedRequest(client, gatewayCall(gateway, pair, { stream, prompt }), true),
        );
        const expected = stream ? 'lorem' : 'Say hello to the benchmark';
        if (!answer.text.includes(expected)) {
          throw new Error(
            `${pair.label} (${stream ? 'stream' : 'JSON'}): answer lacks '${expected}': ${answer.text.slice(0, 300)}`,
          );
        }
      }
    }
  } finally {
    await client.close();
  }
}

function readSoak(): SoakRecord | null {
  const file = join(RESULTS, 'soak.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SoakRecord) : null;
}

async function writeReport(results: BenchResults): Promise<void> {
  const soak = readSoak();
  const targets = evaluateTargets(results, soak);
  writeFileSync(join(RESULTS, 'report.md'), renderReport(results, targets, soak));
  await writeCharts(results, RESULTS);
  for (const t of targets) {
    log(
      `${t.met === null ? 'not run' : t.met ? 'MET    ' : 'NOT MET'}  ${t.target}: ${t.measured}`,
    );
  }
}

/** Runs a measurement and records (or prints) how much else ran on the machine meanwhile. */
type Phase = <T>(name: string, pids: number[], measure: () => Promise<T>) => Promise<T>;

/**
 * Routes and budgets: the gateway's `planRequest` timed in this process, then a gateway started
 * as shipped on a data dir that holds the route and the two tokens, over HTTP.
 */
async function measurePolicy(
  simulator: Service,
  phase: Phase,
  idlePids: number[] = [],
): Promise<PolicyResult> {
  const cost = await phase('routes and budgets, in-process', [simulator.pid, ...idlePids], () =>
    measurePolicyCost(snapshot.root, log),
  );
  const dataDir = await preparePolicyDataDir(snapshot.root);
  try {
    const gateway = await track(spawnGateway({ upstream: simulator.url, dataDir: dataDir.dir }));
    let latency: PolicyLatencyResult;
    try {
      latency = await phase(
        'routes and budgets, HTTP',
        [simulator.pid, gateway.pid, ...idlePids],
        () => measurePolicyLatency(gateway.url, simulator.url, dataDir.tokens, log),
      );
    } finally {
      // Stopped before its log is read: the last records are written as it closes.
      await gateway.stop();
      services.delete(gateway);
    }
    const logged = dataDir.logged();
    checkLogged(logged, latency);
    return { cost, latency, logged };
  } finally {
    dataDir.remove();
  }
}

/** Every series' requests were logged under its token, the route's under the route, all 200. */
function checkLogged(logged: LoggedRequests[], latency: PolicyLatencyResult): void {
  const sent = latency.rounds * (latency.warmup + latency.samples) + 1;
  const expect = (client: string, modelRoute: string | null): void => {
    const row = logged.find((l) => l.client === client && l.modelRoute === modelRoute);
    if (row?.requests !== sent || row.ok !== sent)
      throw new Error(
        `routes and budgets: expected ${sent} answered requests logged for token '${client}'${modelRoute ? ` through route '${modelRoute}'` : ''}; the log holds ${JSON.stringify(logged)}`,
      );
  };
  expect('plain', null);
  expect('limited', null);
  expect('limited', BENCH_ROUTE);
}

const us = (ns: number): string => `${(ns / 1000).toFixed(2)} µs`;
const msRange = (s: { median: number; min: number; max: number }): string =>
  `${s.median.toFixed(3)} ms (rounds ${s.min.toFixed(3)} … ${s.max.toFixed(3)})`;

function logPolicy(result: PolicyResult): void {
  const { cost, latency } = result;
  log(
    `in-process, planRequest, time per call (median of ${cost.blocks} blocks of ${cost.blockSize} per case; ${cost.ledgerWrites} SQLite writes by the ledger during the ${(cost.blocks * cost.blockSize * cost.cases.length).toLocaleString('en')} timed calls):`,
  );
  for (const c of cost.cases)
    log(
      `  ${c.label.padEnd(74)} ${us(c.nsPerCall).padStart(10)} (p90 of blocks ${us(c.p90NsPerCall)}); writer, off the path: ${c.writerUsPerRecord.toFixed(1)} µs per record`,
    );
  log(
    `  added over needs-neither: budgets +${us(cost.addedLimitsNs)}, route and budgets +${us(cost.addedRouteNs)} (target < 20 µs)`,
  );
  log(
    `over HTTP, ms, medians of ${latency.rounds} rounds of ${latency.samples} requests per series:`,
  );
  for (const s of latency.series)
    log(
      `  ${s.label.padEnd(56)} p50 ${s.p50.toFixed(3)}  p99 ${s.p99.toFixed(3)}${s.addedP50 && s.addedP99 ? `  added p50 ${msRange(s.addedP50)}, p99 ${msRange(s.addedP99)}` : ''}`,
    );
  for (const d of [latency.limitsDifference, latency.routeDifference])
    log(`  ${d.label}: p50 ${msRange(d.p50)}; p99 ${msRange(d.p99)}`);
  for (const l of result.logged)
    log(
      `  logged: token ${l.client ?? '(none)'}${l.modelRoute ? `, route ${l.modelRoute}` : ''}: ${l.requests} requests (${l.ok} answered 200), ${l.costUsd.toFixed(4)} USD metered`,
    );
}

async function defaultRun(full: boolean, profile: boolean): Promise<void> {
  const started = performance.now();
  const idleLoad = await backgroundLoad();
  if (idleLoad > 0.05) {
    log(
      `warning: other processes already use ${pct(idleLoad)} of the machine; numbers will be skewed`,
    );
  }
  const simulator = await track(spawnSimulator());
  const gateway = await track(spawnGateway({ upstream: simulator.url }));
  log(
    `simulator ${simulator.url} (pid ${simulator.pid}), gateway ${gateway.url} (pid ${gateway.pid})`,
  );
  await checkPairs(gateway.url);
  const meta: RunMeta = {
    date: new Date().toISOString(),
    node: `Node ${process.version}`,
    cpus: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cpuCount: cpus().length,
    memoryGiB: totalmem() / 2 ** 30,
    kernel: `Linux ${release()}`,
    commit: codeVersion,
    seconds: 0,
    simulatorIdleRss: rssBytes(simulator.pid),
    gatewayIdleRss: rssBytes(gateway.pid),
    load: [{ phase: 'before the run (2 s idle)', other: idleLoad }],
  };
  // Other work on the machine skews every number here: say how much there was, per phase.
  const phase: Phase = async (name, pids, measure) => {
    const watch = watchLoad(pids);
    const result = await measure();
    const { otherShare } = watch.stop();
    meta.load.push({ phase: name, other: otherShare });
    if (otherShare > 0.05)
      log(`warning: other processes used ${pct(otherShare)} of the machine during ${name}`);
    return result;
  };
  const both = [simulator.pid, gateway.pid];
  const latency = await phase('latency', both, () =>
    measureLatency(gateway.url, simulator.url, log),
  );
  // The run's gateway idles meanwhile: its (little) CPU is not counted as other load.
  const policy = await measurePolicy(simulator, phase, [gateway.pid]);
  logPolicy(policy);
  const throughput = await phase('throughput', both, () =>
    measureThroughput(gateway, simulator, log),
  );
  const ttfb = await phase('stream TTFB', both, () =>
    measureStreamTtfb(gateway.url, simulator.url, log),
  );
  const chunks = await phase('per-chunk cost', both, () =>
    measureChunkCost(gateway, simulator.url, log),
  );
  await gateway.stop();
  services.delete(gateway);
  // A fresh gateway, as for the open streams: its peak RSS in the largest burst is a target, and
  // the phases before would have left theirs behind.
  const burstGateway = await track(spawnGateway({ upstream: simulator.url }));
  const burst = await phase('bursts of streams', [simulator.pid, burstGateway.pid], () =>
    measureBurst(burstGateway, simulator.url, log),
  );
  await burstGateway.stop();
  services.delete(burstGateway);
  const proxy = await track(spawnReferenceProxy(simulator.url));
  const floor = await phase('reference proxy', [simulator.pid, proxy.pid], () =>
    measureFloor(proxy, simulator, log),
  );
  await proxy.stop();
  services.delete(proxy);
  // A fresh proxy, as the gateway's bursts get a fresh gateway: its idle and peak RSS in the
  // largest burst are the floor of the memory target, and the throughput runs would have left
  // theirs behind.
  const burstProxy = await track(spawnReferenceProxy(simulator.url));
  const burstFloor = await phase('reference proxy bursts', [simulator.pid, burstProxy.pid], () =>
    measureBurst(burstProxy, simulator.url, log, {
      sizes: [SIZES.burst.profiled, Math.max(...SIZES.burst.sizes)],
      proxy: true,
    }),
  );
  await burstProxy.stop();
  services.delete(burstProxy);
  // The open-stream runs start gateways of their own; their CPU counts as "other" here, so the
  // load of this phase is not recorded.
  const openStreams = await measureOpenStreams(simulator, full, log);
  mkdirSync(RESULTS, { recursive: true });
  const profiles = profile
    ? await profileGateway(simulator.url, join(RESULTS, 'profiles'), log)
    : [];
  const syscalls = profile ? await measureSyscalls(simulator, log) : null;
  const instructions = profile ? await measureInstructions(simulator, log) : null;
  meta.seconds = (performance.now() - started) / 1000;
  const results: BenchResults = {
    version: RESULTS_VERSION,
    meta,
    latency,
    policy,
    throughput,
    floor,
    ttfb,
    burst,
    burstFloor,
    chunks,
    openStreams,
    profile: profiles,
    syscalls,
    instructions,
  };
  writeFileSync(join(RESULTS, 'results.json'), `${JSON.stringify(results, null, 1)}\n`);
  await writeReport(results);
  log(`done in ${(meta.seconds / 60).toFixed(1)} min: bench/results/report.md`);
}

const pct = (share: number): string => `${(share * 100).toFixed(0)} %`;

/** `--only burst`: the bursts alone, through the gateway and the reference proxy, printed. */
async function burstRun(): Promise<void> {
  const simulator = await track(spawnSimulator());
  const gateway = await track(spawnGateway({ upstream: simulator.url }));
  const print = (name: string, result: BurstResult): void => {
    for (const row of result.rows)
      log(
        `${name}: ${row.streams} streams, ${row.connections} connections: TTFB p50 ${row.gatewayP50.toFixed(1)} ms (direct ${row.directP50.toFixed(1)}), added p50 ${row.addedP50.toFixed(1)} ms, p99 ${row.addedP99.toFixed(1)} ms, CPU ${row.cpuUsPerStream?.toFixed(0)} µs per stream, failed ${row.failed}`,
      );
  };
  const viaGateway = await measureBurst(gateway, simulator.url, log);
  await gateway.stop();
  services.delete(gateway);
  const proxy = await track(spawnReferenceProxy(simulator.url));
  const viaProxy = await measureBurst(proxy, simulator.url, log, {
    sizes: [SIZES.burst.profiled, Math.max(...SIZES.burst.sizes)],
    proxy: true,
  });
  const peak = (name: string, result: BurstResult): void =>
    log(
      `${name} peak RSS with ${result.peakStreams} streams at once: ${(result.peakRss / 2 ** 20).toFixed(0)} MB (idle ${(result.idleRss / 2 ** 20).toFixed(0)} MB)`,
    );
  print('gateway', viaGateway);
  peak('gateway', viaGateway);
  print('reference proxy', viaProxy);
  peak('reference proxy', viaProxy);
}

/** `--only burst-cpu`: gateway and no-logic proxy profiled under the same bursts, printed. */
async function burstCpuRun(): Promise<void> {
  const simulator = await track(spawnSimulator());
  const { gateway, proxy } = await measureBurstCpuDiff(simulator.url);
  log(
    `CPU per stream under --cpu-prof: gateway ${gateway.usPerStream.toFixed(0)} µs (${gateway.streams} streams), no-logic proxy ${proxy.usPerStream.toFixed(0)} µs (${proxy.streams}): ${(gateway.usPerStream / proxy.usPerStream).toFixed(2)} ×`,
  );
  const names = [...new Set([...gateway.categories, ...proxy.categories].map((c) => c.category))];
  const us = (side: BurstCpuSide, name: string): number =>
    side.categories.find((c) => c.category === name)?.us ?? 0;
  for (const name of names.sort((a, b) => us(gateway, b) - us(gateway, a)))
    log(
      `  ${name.padEnd(34)} gateway ${us(gateway, name).toFixed(1).padStart(7)} µs   proxy ${us(proxy, name).toFixed(1).padStart(7)} µs`,
    );
  for (const [side, result] of [
    ['gateway', gateway],
    ['proxy', proxy],
  ] as const) {
    log(`${side}: most self time, µs per stream`);
    for (const f of result.top) log(`  ${f.us.toFixed(1).padStart(7)}  ${f.name}`);
  }
}

/** `--only policy`: routes and budgets alone, printed, with the other load of each phase. */
async function policyRun(): Promise<void> {
  const simulator = await track(spawnSimulator());
  const phase: Phase = async (name, pids, measure) => {
    const watch = watchLoad(pids);
    const result = await measure();
    log(`${name}: other processes used ${pct(watch.stop().otherShare)} of the machine`);
    return result;
  };
  logPolicy(await measurePolicy(simulator, phase));
}

/** `--only instructions`: instructions per request, gateway and reference proxy, printed. */
async function instructionsRun(): Promise<void> {
  const simulator = await track(spawnSimulator());
  for (const row of (await measureInstructions(simulator, log)) ?? [])
    log(
      `${row.label}: ${row.kiloInstructionsPerRequest.toFixed(0)} k instructions per request (${row.compilerKiloInstructionsPerRequest?.toFixed(0) ?? 'not counted'} k of them in V8's optimising compilers)`,
    );
}

async function soakRun(seconds: number): Promise<void> {
  const simulator = await track(spawnSimulator());
  const soak = await runSoak(simulator.url, seconds, log);
  const record: SoakRecord = { ...soak, date: new Date().toISOString(), commit: codeVersion };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'soak.json'), `${JSON.stringify(record, null, 1)}\n`);
  writeFileSync(join(RESULTS, 'soak.md'), renderSoak(record));
  await writeSoakChart(record, RESULTS);
  await rerender();
  log(`soak done: bench/results/soak.md`);
}

/** Writes report.md, soak.md and the charts again from the stored results, measuring nothing. */
async function rerender(): Promise<void> {
  const previous = join(RESULTS, 'results.json');
  const last = existsSync(previous)
    ? (JSON.parse(readFileSync(previous, 'utf8')) as BenchResults)
    : null;
  const soak = readSoak();
  if (soak) {
    writeFileSync(join(RESULTS, 'soak.md'), renderSoak(soak));
    await writeSoakChart(soak, RESULTS);
  }
  if (last?.version !== RESULTS_VERSION) {
    log('results.json is missing or from an older benchmark: run `npm run bench` first');
    return;
  }
  // The profiles are summarized again from their files, so a change to the summary shows too.
  for (const scenario of last.profile) {
    scenario.file = relative(ROOT, resolve(ROOT, scenario.file));
    const file = join(ROOT, scenario.file);
    if (!existsSync(file)) continue;
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    scenario.summary = summarizeProfile(profile);
  }
  writeFileSync(previous, `${JSON.stringify(last, null, 1)}\n`);
  await writeReport(last);
}

const { values } = parseArgs({
  options: {
    soak: { type: 'string' },
    full: { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const ONLY = ['burst', 'burst-cpu', 'instructions', 'policy'];
if (values.only !== undefined && !ONLY.includes(values.only))
  throw new Error(`--only takes ${ONLY.join(', ')}; got '${values.only}'`);
// Every process of the run starts from a copy of the sources taken now (see snapshot.ts).
const snapshot = snapshotSources();
useSources(snapshot.root);
const codeVersion = commit();
try {
  if (values['report-only']) await rerender();
  else if (values.only === 'burst') await burstRun();
  else if (values.only === 'instructions') await instructionsRun();
  else if (values.only === 'burst-cpu') await burstCpuRun();
  else if (values.only === 'policy') await policyRun();
  else if (values.soak !== undefined) await soakRun(parseDuration(values.soak));
  else await defaultRun(values.full, !values['no-profile']);
} finally {
  await stopAll();
  snapshot.remove();
}
