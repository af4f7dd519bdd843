import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { BenchResults, SoakRecord } from './results-types.ts';

/** Renders a Vega-Lite spec to SVG headless (no canvas: the `none` renderer builds SVG text). */
async function toSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  return view.toSVG();
}

/** Shared look; long pair labels must not be cut off. */
const FONT = {
  font: 'Helvetica, Arial, sans-serif',
  axis: { labelLimit: 320 },
  legend: { labelLimit: 320 },
};

/** Added latency (p50, p99) and added stream TTFB per pair, with the targets drawn in. */
function latencySpec(r: BenchResults): TopLevelSpec {
  const values = r.latency.flatMap((l) => [
    { pair: l.pair.label, kind: l.pair.kind, metric: 'added p50', ms: l.addedP50 },
    { pair: l.pair.label, kind: l.pair.kind, metric: 'added p99', ms: l.addedP99 },
    ...r.ttfb
      .filter((t) => t.pair === l.pair || t.pair.label === l.pair.label)
      .map((t) => ({
        pair: t.pair.label,
        kind: t.pair.kind,
        metric: 'added stream TTFB p50',
        ms: t.addedP50,
      })),
  ]);
  const targets = [
    { metric: 'added p50', ms: 0.3, label: 'pass-through p50 target 0.3 ms' },
    { metric: 'added p50', ms: 1, label: 'translated p50 target 1 ms' },
    { metric: 'added p99', ms: 2, label: 'pass-through p99 target 2 ms' },
  ];
  const order = r.latency.map((l) => l.pair.label);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Latency the gateway adds over calling the simulator directly',
      subtitle: `dashed: targets (p50 0.3 ms pass-through, 1 ms translated; p99 2 ms pass-through). Median of ${r.latency[0]?.rounds.length ?? 0} rounds; ${r.meta.cpuCount} × ${r.meta.cpus}, ${r.meta.node}`,
    },
    config: FONT,
    facet: {
      column: {
        field: 'metric',
        type: 'nominal',
        title: null,
        sort: ['added p50', 'added p99', 'added stream TTFB p50'],
      },
    },
    resolve: { scale: { x: 'independent' } },
    data: { values: [...values, ...targets.map((t) => ({ ...t, pair: null }))] },
    spec: {
      width: 230,
      height: 260,
      layer: [
        {
          transform: [{ filter: 'datum.pair !== null' }],
          mark: { type: 'bar', tooltip: true },
          encoding: {
            y: { field: 'pair', type: 'nominal', sort: order, title: null },
            x: { field: 'ms', type: 'quantitative', title: 'ms added' },
            color: {
              field: 'kind',
              type: 'nominal',
              scale: { domain: ['pass-through', 'translated'], range: ['#4c78a8', '#f58518'] },
              title: null,
            },
          },
        },
        {
          transform: [{ filter: 'datum.pair === null' }],
          mark: { type: 'rule', strokeDash: [4, 3], color: '#d62728' },
          encoding: { x: { field: 'ms', type: 'quantitative' } },
        },
      ],
    },
  } as TopLevelSpec;
}

/** Gateway throughput as a share of direct, per concurrency, one line per pair. */
function throughputSpec(r: BenchResults): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Throughput through the gateway ÷ direct (closed loop, non-streamed)',
      subtitle: 'dashed: the 0.75 target at concurrency 64',
    },
    config: FONT,
    width: 420,
    height: 260,
    layer: [
      {
        data: {
          values: r.throughput.map((t) => ({
            pair: t.pair.label,
            kind: t.pair.kind,
            concurrency: String(t.concurrency),
            ratio: t.ratio,
          })),
        },
        mark: { type: 'line', point: true, tooltip: true },
        encoding: {
          x: { field: 'concurrency', type: 'ordinal', sort: ['1', '16', '64', '256'] },
          y: {
            field: 'ratio',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            title: 'gateway ÷ direct',
          },
          color: { field: 'pair', type: 'nominal', title: null },
          strokeDash: { field: 'kind', type: 'nominal', title: null },
        },
      },
      {
        data: { values: [{ y: 0.75 }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#d62728' },
        encoding: { y: { field: 'y', type: 'quantitative' } },
      },
    ],
  } as TopLevelSpec;
}

/** Peak and idle RSS with 1,000 open streams, and the 200 MB line. */
function memorySpec(r: BenchResults): TopLevelSpec {
  const MB = 2 ** 20;
  const values = r.openStreams.flatMap((o) => [
    { run: `${o.label} (${o.process})`, what: 'idle', mb: o.idleRss / MB },
    { run: `${o.label} (${o.process})`, what: 'peak, 1,000 streams open', mb: o.peakRss / MB },
  ]);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Resident memory with 1,000 concurrent streams',
      subtitle: 'dashed: 200 MB target (gateway)',
    },
    config: FONT,
    width: 420,
    height: 220,
    layer: [
      {
        data: { values },
        mark: { type: 'bar', tooltip: true },
        encoding: {
          y: { field: 'run', type: 'nominal', title: null, sort: null },
          yOffset: { field: 'what', type: 'nominal' },
          x: { field: 'mb', type: 'quantitative', title: 'RSS (MB)' },
          color: { field: 'what', type: 'nominal', title: null },
        },
      },
      {
        data: { values: [{ x: 200 }] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#d62728' },
        encoding: { x: { field: 'x', type: 'quantitative' } },
      },
    ],
  } as TopLevelSpec;
}

/** RSS and heap-after-GC over the soak, the second half shaded. */
function soakSpec(s: SoakRecord): TopLevelSpec {
  const MB = 2 ** 20;
  const values = s.samples.flatMap((x) => [
    { t: x.t, series: 'RSS', mb: x.rss / MB },
    { t: x.t, series: 'V8 heap total', mb: x.heapTotal / MB },
    ...(x.parts ? [{ t: x.t, series: 'malloc arena ([heap])', mb: x.parts.brkHeap / MB }] : []),
    { t: x.t, series: 'heap used after GC', mb: x.heapUsed / MB },
  ]);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Gateway memory over a ${(s.seconds / 60).toFixed(0)}-minute soak`,
      subtitle: 'shaded: the second half, where growth is judged',
    },
    config: FONT,
    width: 520,
    height: 240,
    layer: [
      {
        data: { values: [{ from: s.seconds / 2, to: s.seconds }] },
        mark: { type: 'rect', color: '#eeeeee' },
        encoding: { x: { field: 'from', type: 'quantitative' }, x2: { field: 'to' } },
      },
      {
        data: { values },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 't', type: 'quantitative', title: 'seconds' },
          y: { field: 'mb', type: 'quantitative', title: 'MB' },
          color: { field: 'series', type: 'nominal', title: null },
        },
      },
    ],
  } as TopLevelSpec;
}

export async function writeCharts(r: BenchResults, dir: string): Promise<string[]> {
  const files: [string, TopLevelSpec][] = [
    ['latency.svg', latencySpec(r)],
    ['throughput.svg', throughputSpec(r)],
    ['memory.svg', memorySpec(r)],
  ];
  for (const [name, spec] of files) writeFileSync(join(dir, name), await toSvg(spec));
  return files.map(([name]) => name);
}

export async function writeSoakChart(s: SoakRecord, dir: string): Promise<string> {
  writeFileSync(join(dir, 'soak.svg'), await toSvg(soakSpec(s)));
  return 'soak.svg';
}
