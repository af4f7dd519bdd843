import { GATEWAY_V8_FLAGS } from '../electron/launcher/gateway-v8-flags.ts';
import { SIZES } from './config.ts';
import { BENCH_ROUTE, ROUTED_MODEL } from './policy-fixture.ts';
import { GATEWAY_ENTRY } from './spawn-services.ts';
import type { ProfileScenario } from './profile.ts';
import type { BenchResults, SoakRecord } from './results-types.ts';
import { SOAK_LIMITS } from './soak.ts';
import { httpResolutionMs, POLICY_ADDED_US, type TargetRow } from './targets.ts';

const MB = 2 ** 20;
// A value the run could not measure (Infinity, stored as null in results.json) shows as a dash.
const f = (v: number, digits = 3): string => (Number.isFinite(v) ? v.toFixed(digits) : '–');
const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;
const mark = (met: boolean | null): string =>
  met === null ? '— not run' : met ? '✅ met' : '❌ not met';

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]): string =>
    `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function targetsSection(rows: TargetRow[]): string {
  const summary = table(
    ['target', 'measured', 'limit', 'result'],
    rows.map((r) => [r.target, r.measured, r.limit, mark(r.met)]),
  );
  const misses = rows
    .filter((r) => r.met === false)
    .map((r) => `- **${r.target}**: missed by ${r.gap}. ${r.why}`)
    .join('\n');
  return `## Targets\n\n${summary}\n\n${misses ? `### Why the misses\n\n${misses}\n\nWhat to change in the gateway, with the effect measured on a patched copy: [bench/FINDINGS.md](../FINDINGS.md).\n` : ''}`;
}

function method(r: BenchResults): string {
  const s = SIZES;
  const m = r.meta;
  return `## How it was measured

- Machine: ${m.cpuCount} × ${m.cpus}, ${m.memoryGiB.toFixed(0)} GiB, ${m.kernel}; ${m.node}; commit \`${m.commit}\`; ${m.date}; the run took ${(m.seconds / 60).toFixed(1)} min.
- Other load on the machine (share of all cores used by processes other than the benchmark and its services, from /proc/stat): ${m.load.map((l) => `${l.phase} ${pct(l.other)}`).join(', ')}.${m.load.some((l) => l.other > 0.05) ? ' **Above 5 %: wall-clock numbers (latency, req/s) are skewed by it; the CPU-per-request columns much less.**' : ''}
- Three processes: the simulator (\`test/upstream-sim/cli.ts\`) and the gateway (\`node ${GATEWAY_V8_FLAGS.join(' ')} ${GATEWAY_ENTRY} serve\`: the CLI bundled by \`electron-vite build\` from a copy of the sources taken when the run starts, as \`npm start\` runs it headless; as shipped: SQLite request log on, a fresh data dir) each run in their own Node process; the load generator runs in the benchmark's process. Nothing is pinned to a core. "Direct" sends the same generation straight to the simulator in the upstream's format, so the simulator's own work is in both paths and the difference is the gateway's cost.
- Pairs: client format × upstream format. The upstream format is forced by the model (\`sim-chat\`, \`sim-responses\`, \`sim-gemini\` each serve only one format); "native" is generateContent. A pair is compared with the direct call in its *upstream* format. Streamed chat requests sent directly carry \`stream_options.include_usage\`, as the gateway adds it upstream.
- Latency: non-streamed requests, one keep-alive connection to each side, gateway and direct alternated request by request; ${s.latency.warmup} warm-up pairs, then ${s.latency.samples} samples per side per round, ${s.latency.rounds} rounds; the tables give the median over rounds of each round's p50/p99, and "added" is the median over rounds of gateway − direct.
- Throughput: autocannon (closed loop, keep-alive, pipelining 1), non-streamed; per concurrency and round, a direct run in each upstream format and right after it the three pairs using that upstream, each after a ${s.throughput.warmupSeconds} s warm-up; ${s.throughput.seconds(1)} s measured (autocannon counts whole seconds); ${s.throughput.roundsAt(1)} round per concurrency, ${s.throughput.roundsAt(64)} at concurrency 32 and 64 (the targets). The ratio is the median over rounds of gateway ÷ its neighbouring direct run. On 2 cores the load generator, the simulator and the gateway share the CPU, so this ratio measures the gateway's CPU per request against the simulator's.
- Stream TTFB: streamed 20-word answers, time from sending the request to the first body bytes (not just headers); alternated and repeated as for latency (${s.ttfb.samples} samples × ${s.ttfb.rounds} rounds).
- Bursts: N streamed 20-word answers (chat → chat) sent in the same instant, the time to each one's first body byte; per round one direct burst and one gateway burst in alternating order (${s.burst.roundsAt(200)} rounds; ${s.burst.roundsAt(1000)} for 1,000), on a fresh gateway; *new*: each stream on a connection opened with it, *kept-alive*: on connections opened just before. The gateway's VmRSS is sampled every 20 ms during the largest bursts.
- Per-chunk cost: streamed ${s.chunks.words}-word answers (one record per word, no delay), read at full speed; (gateway time − direct time) ÷ records the upstream sent; and the gateway process's CPU time (/proc/<pid>/stat) ÷ records.
- Open streams: ${s.openStreams.streams} streams opened at once (one client connection each) with \`[[sim:slow-chunks=${s.openStreams.chunkIntervalMs}]] [[sim:long=${s.openStreams.words}]]\`, a fresh gateway per scenario; VmRSS of the gateway from /proc every 100 ms, the peak reported. A stream is *stalled* if its first chunk takes over ${s.openStreams.firstChunkWithinMs / 1000} s, it gets fewer than 2 chunks, or it goes silent over ${s.openStreams.maxGapMs / 1000} s; every run is bounded in time and cuts what is still open. The control run sends the same streams straight to the simulator.
- Profile: \`node --cpu-prof\` on a separate gateway process per scenario, run from the sources (\`bin/model-gateway.ts\`) so that each frame names its file (the profiler slows it down, so no measurement above is taken under it).
- Soak (\`npm run bench -- --soak 10m\`, not in the default run): the mix of every pair, streamed and not, cancelled streams, upstream errors and cut streams, at concurrency ${s.soak.concurrency}; RSS and heap (after a forced GC, through a probe loaded with \`--import\`) every ${s.soak.sampleEverySeconds} s; growth is the least-squares trend over the second half.
`;
}

function latencySection(r: BenchResults): string {
  return `## Added latency (non-streamed, sequential, keep-alive)

${table(
  [
    'pair',
    'kind',
    'gateway p50',
    'direct p50',
    '**added p50**',
    'gateway p99',
    'direct p99',
    '**added p99**',
  ],
  r.latency.map((l) => [
    l.pair.label,
    l.pair.kind,
    f(l.gatewayP50),
    f(l.directP50),
    `**${f(l.addedP50)}**`,
    f(l.gatewayP99),
    f(l.directP99),
    `**${f(l.addedP99)}**`,
  ]),
)}

**The floor.** A pass-through proxy with no logic at all (\`bench/reference-proxy.ts\`: node:http in, an undici Pool out), measured the same way for chat → chat, adds **${f(r.floor.addedP50)} ms p50** and **${f(r.floor.addedP99)} ms p99**: that much of every row above is the extra HTTP hop in Node on this machine, before the gateway does anything of its own.

All in ms. ![latency](latency.svg)
`;
}

/** Where the HTTP differences exceed what `planRequest` costs in-process, what else they hold. */
function httpNote(p: NonNullable<BenchResults['policy']>): string {
  const inProcessMs = Math.max(p.cost.addedLimitsNs, p.cost.addedRouteNs) / 1e6;
  const overHttp = Math.max(p.latency.limitsDifference.p50.min, p.latency.routeDifference.p50.min);
  if (overHttp <= inProcessMs) return '';
  return ` Over HTTP these differences come out larger than the in-process ones, in every round. They also hold what the in-process rows leave out: a limited request's hold released when it ends, a route's body rewrite and attempt record, and the log writer settling a limited record's budgets (the writer column: off the request's path, but on the same two cores as the requests, the simulator and the load generator).`;
}

function policySection(r: BenchResults): string {
  const p = r.policy;
  if (!p) return '';
  const { cost, latency } = p;
  const us = (ns: number): string => (ns / 1000).toFixed(2);
  const signed = (v: number): string => `${v >= 0 ? '+' : '−'}${f(Math.abs(v))}`;
  const band = (s: { median: number; min: number; max: number }): string =>
    `${signed(s.median)} (${signed(s.min)} … ${signed(s.max)})`;
  const added = (key: string): string =>
    key === 'limits'
      ? `+${us(cost.addedLimitsNs)}`
      : key === 'route'
        ? `+${us(cost.addedRouteNs)}`
        : '—';
  const passThrough = r.latency.find((l) => l.pair.client === 'chat' && l.pair.upstream === 'chat');
  const plain = latency.series.find((s) => s.key === 'plain');
  return `## Routes and budgets

What applying a person's decisions (a model route, a token's budgets and per-minute limits) costs a request before it goes upstream. A route \`${BENCH_ROUTE}\` stands for \`${ROUTED_MODEL}\`; the token *plain* has no limits; *limited* has a daily and a monthly budget of 1,000,000 USD, 10⁹ requests and 10¹² tokens per minute: every kind the ledger counts, so large that the ledger admits from the room it took ahead (a quarter of what is left) and writes to SQLite only when a new minute starts. Room retaken near a limit (one SQLite write transaction) is not what these rows time.

**In-process.** The gateway's \`planRequest\` (electron/gateway/server/request-plan.ts) on a real store in a temp dir, with \`storePolicy(store)\` and a catalog of ${cost.catalogModels} models in the cache: ${cost.warmupBlocks} warm-up blocks per case, then ${cost.blocks} blocks of ${cost.blockSize.toLocaleString('en')} calls per case, the cases alternated block by block; a block's calls are timed back to back. After each block, untimed, each request is ended as the gateway ends it: its per-minute hold released, its record (with a metered cost) written through the request log, whose transaction settles the budgets' holds. \`tryModels\`' own overhead for a route (a header, the attempt's entry in the record) is not included: it cannot be timed apart from the upstream call; the HTTP rows hold it. The SQLite ledger took room ${cost.ledgerWrites} times during the timed calls.

${table(
  [
    'request',
    'µs per call (median of blocks)',
    'p90 of blocks',
    '**added over needs neither**',
    'log writer, µs per record (off the request path)',
  ],
  cost.cases.map((c) => [
    c.label,
    us(c.nsPerCall),
    us(c.p90NsPerCall),
    `**${added(c.key)}**`,
    c.writerUsPerRecord.toFixed(1),
  ]),
)}

The first row is the whole cost a request that needs neither pays for routes and budgets (two lookups in memory); "added" is the median over rounds of each round's difference to it, against the target of ${POLICY_ADDED_US} µs. The writer column is the request log's work per record (insert, running totals, and for a limited token settling its budgets' holds), which runs in batches after the answer, not while a request waits.

**Over HTTP.** A gateway as shipped (\`serve\` on a data dir holding the route and both tokens), the simulator upstream; non-streamed chat → chat, sequential, one keep-alive connection to each; the four series alternated request by request, the order rotated every time; ${latency.warmup} warm-up turns then ${latency.samples.toLocaleString('en')} requests per series per round, ${latency.rounds} rounds. Medians over rounds of each round's p50/p99, in ms; the ranges are the lowest and highest round.

${table(
  ['series', 'p50', 'p99', '**added p50** (rounds)', 'added p99 (rounds)'],
  latency.series.map((s) => [
    s.label,
    f(s.p50),
    f(s.p99),
    s.addedP50 ? `**${band(s.addedP50)}**` : '—',
    s.addedP99 ? band(s.addedP99) : '—',
  ]),
)}

${table(
  ['difference, same rounds', '**p50** (rounds)', 'p99 (rounds)', 'p50: zero within the rounds?'],
  [latency.limitsDifference, latency.routeDifference].map((d) => [
    d.label,
    `**${band(d.p50)}**`,
    band(d.p99),
    d.p50.min <= 0 && d.p50.max >= 0
      ? 'yes: the rounds differ in sign'
      : `no: every round ${d.p50.min > 0 ? 'above' : 'below'} zero`,
  ]),
)}

"limited − plain" is what checking a token's budgets and rates adds to a request over HTTP; "route − plain" what resolving a route and checking the budgets add together (with the one field of the body rewritten to the route's model, and the attempt recorded).${httpNote(p)} The shipped gateway always applies the person's decisions, so there is no gateway without them to compare a request that needs neither with: its cost is the first in-process row, ${us(cost.cases.find((c) => c.key === 'neither')?.nsPerCall ?? Number.NaN)} µs, against ${f(httpResolutionMs(p))} ms, the narrowest spread of the per-round differences above (what these rounds can tell apart).${plain?.addedP50 && passThrough ? ` The plain series adds ${f(plain.addedP50.median)} ms p50 over direct; chat → chat in the latency table (the benchmark's own token, no limits) ${f(passThrough.addedP50)} ms.` : ''}
`;
}

function throughputSection(r: BenchResults): string {
  const concurrencies = [...new Set(r.throughput.map((t) => t.concurrency))];
  const rows = r.latency.map((l) => [
    l.pair.label,
    ...concurrencies.map((c) => {
      const t = r.throughput.find((x) => x.pair.label === l.pair.label && x.concurrency === c)!;
      const fail = t.failures > 0 ? ` (${t.failures} failed)` : '';
      return `${t.gatewayRps.toFixed(0)} / ${t.directRps.toFixed(0)} = **${t.ratio.toFixed(2)}**${fail}`;
    }),
  ]);
  const cpuRows = r.latency.map((l) => [
    l.pair.label,
    ...concurrencies.map((c) => {
      const t = r.throughput.find((x) => x.pair.label === l.pair.label && x.concurrency === c)!;
      return `${t.gatewayCpuUs.toFixed(0)} / ${t.simulatorCpuUs.toFixed(0)}`;
    }),
  ]);
  return `## Throughput (req/s, gateway / direct = ratio)

${table(['pair', ...concurrencies.map((c) => `concurrency ${c}`)], rows)}

CPU per request in µs, from /proc/<pid>/stat: the gateway process in the gateway run / the simulator process in the direct run. Unlike req/s, this hardly moves with other load on the machine.

${table(['pair', ...concurrencies.map((c) => `concurrency ${c}`)], cpuRows)}

The no-logic reference proxy reaches **${r.floor.ratio64.toFixed(2)} ×** direct at concurrency 64 (${r.floor.proxyRps64.toFixed(0)} vs ${r.floor.directRps64.toFixed(0)} req/s) with ${r.floor.proxyCpuUs64.toFixed(0)} µs of CPU per request${r.floor.ratio32 === undefined ? '' : `, and ${r.floor.ratio32.toFixed(2)} × at concurrency 32`}: on two cores shared by load generator, proxy and simulator, that is the ceiling any Node gateway starts from.

![throughput](throughput.svg)
`;
}

function streamsSection(r: BenchResults): string {
  return `## Streams: added time to first byte, per-chunk cost

${table(
  [
    'pair',
    'TTFB gateway p50',
    'TTFB direct p50',
    '**added p50**',
    'added p99',
    'records',
    'stream gateway',
    'stream direct',
    '**added µs / record**',
    'gateway CPU µs / record',
  ],
  r.latency.map((l) => {
    const t = r.ttfb.find((x) => x.pair.label === l.pair.label)!;
    const c = r.chunks.find((x) => x.pair.label === l.pair.label)!;
    return [
      l.pair.label,
      f(t.gatewayP50),
      f(t.directP50),
      `**${f(t.addedP50)}**`,
      f(t.addedP99),
      c.upstreamRecords,
      f(c.gatewayMs, 1),
      f(c.directMs, 1),
      `**${f(c.addedUsPerChunk, 1)}**`,
      f(c.gatewayCpuUsPerChunk, 1),
    ];
  }),
)}

TTFB and stream times in ms.
`;
}

function burstSection(r: BenchResults): string {
  const burst = r.burst;
  if (!burst) return '';
  const rows = [
    ...burst.rows.map((x) => ({ via: 'gateway', x })),
    ...(r.burstFloor?.rows ?? []).map((x) => ({ via: 'no-logic proxy', x })),
  ];
  return `## Bursts: streams opened at once

${table(
  [
    'through',
    'streams',
    'connections',
    'TTFB p50',
    'TTFB p99',
    'direct p50',
    'direct p99',
    '**added p50**',
    '**added p99**',
    'CPU µs / stream',
    'rounds',
    'failed',
  ],
  rows.map(({ via, x }) => [
    via,
    x.streams,
    x.connections,
    f(x.gatewayP50, 1),
    f(x.gatewayP99, 1),
    f(x.directP50, 1),
    f(x.directP99, 1),
    `**${f(x.addedP50, 1)}**`,
    `**${f(x.addedP99, 1)}**`,
    x.cpuUsPerStream === undefined ? '–' : f(x.cpuUsPerStream, 0),
    x.rounds,
    x.failed,
  ]),
)}

${burst.pair.label}, streamed 20-word answers; N streams sent in the same instant, the time to each one's first body byte; per round a direct burst and a gateway burst, in alternating order; the table gives the median over rounds of each burst's p50/p99, "added" the median over rounds of gateway − direct. *new*: every stream opens its own connection with its request; *kept-alive*: N connections were opened (one request each) just before. Times in ms; CPU: the gateway's (or proxy's) CPU time over its timed bursts per stream, whole streams (10 ms ticks of /proc). Gateway RSS during the ${burst.peakStreams.toLocaleString('en')}-stream bursts: peak **${(burst.peakRss / MB).toFixed(0)} MB** (idle ${(burst.idleRss / MB).toFixed(0)} MB, sampled every 20 ms).
`;
}

function memorySection(r: BenchResults): string {
  return `## ${SIZES.openStreams.streams.toLocaleString('en')} concurrent open streams

${table(
  [
    'run',
    'process measured',
    'idle RSS',
    '**peak RSS**',
    'peak open',
    '**stalled**',
    'failed',
    'worst first chunk',
    'worst gap',
    'took',
  ],
  r.openStreams.map((o) => [
    o.label,
    o.process,
    `${(o.idleRss / MB).toFixed(0)} MB`,
    `**${(o.peakRss / MB).toFixed(0)} MB**`,
    o.peakOpen,
    `**${o.stalled}**`,
    o.failed,
    `${(o.worstFirstChunkMs / 1000).toFixed(1)} s`,
    `${(o.worstGapMs / 1000).toFixed(1)} s`,
    `${o.seconds.toFixed(1)} s`,
  ]),
)}

Idle RSS: the gateway after a few warm-up requests, before the streams; for the control row, the simulator, which has served the whole run by then. ![memory](memory.svg)
`;
}

function profileSection(profiles: ProfileScenario[]): string {
  const watched = table(
    ['named cost', ...profiles.map((p) => p.name)],
    (profiles[0]?.summary.watched ?? []).map((w, i) => [
      w.name,
      ...profiles.map((p) => pct(p.summary.watched[i]?.share ?? 0)),
    ]),
  );
  const per = profiles
    .map((p) => {
      const s = p.summary;
      return `### ${p.name}: ${p.description}

${p.completed.toLocaleString('en')} completed; the gateway was busy ${(s.busyMs / 1000).toFixed(1)} s of ${(s.wallMs / 1000).toFixed(1)} s. Profile: \`${p.file}\` (open in Chrome DevTools → Performance).

${table(
  ['where (self time)', 'share'],
  s.categories.filter((c) => c.self >= 0.005).map((c) => [c.category, pct(c.self)]),
)}

${table(
  ['function (top by self time)', 'self', 'total'],
  s.topSelf.slice(0, 15).map((c) => [`\`${c.name}\``, pct(c.self), pct(c.total)]),
)}

${table(
  ['gateway / store function (top by total time)', 'self', 'total'],
  s.topGatewayTotal.slice(0, 15).map((c) => [`\`${c.name}\``, pct(c.self), pct(c.total)]),
)}
`;
    })
    .join('\n');
  return `## Profile: what stands in the way

Shares of the gateway's busy (non-idle) CPU time under \`node --cpu-prof\`. "Total" counts a function with everything it calls.

${watched}

${per}`;
}

function soakSummary(s: SoakRecord | null): string {
  if (!s)
    return '## Soak\n\nNot run yet: `npm run bench -- --soak 10m` writes `soak.md`, `soak.json` and `soak.svg` here.\n';
  return `## Soak

Last soak: ${s.date}, commit \`${s.commit}\`, ${(s.seconds / 60).toFixed(0)} min at concurrency ${s.concurrency}, ${s.requests.toLocaleString('en')} requests (${s.failures} failed). Second-half trend: RSS ${(s.rssGrowth / MB).toFixed(2)} MB (limit ${SOAK_LIMITS.rssBytes / MB}), heap after GC ${(s.heapGrowth / MB).toFixed(2)} MB (limit ${SOAK_LIMITS.heapBytes / MB}). Series: [soak.md](soak.md), ![soak](soak.svg)
`;
}

function instructionSection(r: BenchResults): string {
  if (!r.instructions) return '';
  const { warmup, requests, concurrency } = SIZES.instructions;
  return `## Instructions per request

\`valgrind --tool=callgrind\` on a fresh process, every thread counted: ${requests.toLocaleString('en')} non-streamed requests at concurrency ${concurrency}, after ${warmup.toLocaleString('en')} not counted (start-up, JIT warm-up). Unlike CPU time, these counts do not move with other load on the machine.

${table(
  ['process', 'instructions / request', "of them in V8's optimising compilers"],
  r.instructions.map((i) => [
    i.label,
    `${i.kiloInstructionsPerRequest.toFixed(0)} k`,
    i.compilerKiloInstructionsPerRequest === undefined
      ? 'not counted'
      : `${i.compilerKiloInstructionsPerRequest.toFixed(0)} k`,
  ]),
)}

Under valgrind the optimising compilers (TurboFan, Turboshaft, Maglev) are still at work after the warm-up, and they weigh more in the proxy's small count than in the gateway's; a process that has run a while pays them once, not per request. The target is judged on the counts without them.

`;
}

function syscallSection(r: BenchResults): string {
  if (!r.syscalls) return '';
  return `## System calls per request

\`strace -c -f\` attached to the process during ${'1,000'} sequential non-streamed requests (a fresh gateway per row). Counts do not depend on how busy the machine is.

${table(
  ['process', 'syscalls / request', 'most frequent (per request)'],
  r.syscalls.map((c) => [
    c.label,
    c.perRequest.toFixed(1),
    c.top.map((t) => `${t.name} ${t.perRequest.toFixed(2)}`).join(', '),
  ]),
)}
`;
}

export function renderReport(
  r: BenchResults,
  targets: TargetRow[],
  soak: SoakRecord | null,
): string {
  return [
    '# Gateway benchmark\n',
    `The cost of putting the gateway in front of every model call: gateway → simulator against the simulator alone. Generated by \`npm run bench\` (${r.meta.date}); raw numbers in [results.json](results.json). Analysis and proposed fixes: [bench/FINDINGS.md](../FINDINGS.md).\n`,
    targetsSection(targets),
    method(r),
    latencySection(r),
    policySection(r),
    throughputSection(r),
    streamsSection(r),
    burstSection(r),
    memorySection(r),
    soakSummary(soak),
    profileSection(r.profile),
    syscallSection(r),
    instructionSection(r),
  ].join('\n');
}

export function renderSoak(s: SoakRecord): string {
  const space = (x: SoakRecord['samples'][number], name: string): string =>
    ((x.spaces?.[name]?.size ?? 0) / MB).toFixed(1);
  return `# Soak

${soakSummary(s).split('\n').slice(2).join('\n')}
All in MB. RSS and the main malloc arena (the \`[heap]\` mapping, where native allocations such as Buffers and SQLite's pages live) from /proc/<pid>; the rest from \`process.memoryUsage()\` and \`v8.getHeapSpaceStatistics()\` in the gateway right after a forced full GC (test/heap-probe/probe.ts). "Outside the V8 heap" is RSS − heap total: native memory (malloc: SQLite, llhttp, buffers) and code.

${table(
  [
    't (s)',
    'RSS (MB)',
    'heap used after GC',
    'heap total',
    'new space',
    'old space',
    'large objects',
    'outside the V8 heap',
    'malloc arena ([heap])',
    'external',
    'requests in interval',
    'failed',
  ],
  s.samples.map((x) => [
    x.t.toFixed(0),
    (x.rss / MB).toFixed(1),
    (x.heapUsed / MB).toFixed(2),
    (x.heapTotal / MB).toFixed(1),
    space(x, 'new_space'),
    space(x, 'old_space'),
    space(x, 'large_object_space'),
    ((x.rss - x.heapTotal) / MB).toFixed(1),
    x.parts ? (x.parts.brkHeap / MB).toFixed(1) : '',
    (x.external / MB).toFixed(1),
    x.requests,
    x.failures,
  ]),
)}
`;
}
