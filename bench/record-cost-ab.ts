/**
 * CPU per streamed record of pass-through streams: the gateway of this tree, optionally the
 * gateway of another checkout (`--base DIR`, an A/B run of a change), and the no-logic proxy
 * (the floor), in rounds that alternate the services stream batch by stream batch, so drift of
 * a shared machine hits every side alike. Each side's CPU comes from /proc (10 ms ticks), over
 * batches long enough for the ticks not to matter.
 *
 * With `--bursts N`, then the same sides under bursts of 200 short chat → chat streams opened
 * at once on new connections (as the report's burst), N rounds, each side's bursts alternated
 * with direct ones: time to first byte over direct, and CPU per stream.
 *
 *   npx node bench/record-cost-ab.ts [--base DIR] [--rounds 7] [--streams 20] [--words 2000]
 *     [--formats chat,gemini] [--bursts 0] [--gateway-flags=...]
 */
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { burst, BURST_PROMPT, type OneBurst } from './burst.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, FORMATS, gatewayCall, PAIRS, type Format, type HttpCall } from './pairs.ts';
import { cpuMs } from './proc-stats.ts';
import { countRecords } from './stream-chunks.ts';
import {
  spawnGateway,
  spawnReferenceProxy,
  spawnSimulator,
  type Service,
} from './spawn-services.ts';
import { median, percentile } from './stats.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '7' },
    streams: { type: 'string', default: '20' },
    words: { type: 'string', default: '2000' },
    formats: { type: 'string' },
    bursts: { type: 'string', default: '0' },
    /** Extra Node flags for the gateways (e.g. `--max-semi-space-size=64`, to see the GC's part). */
    'gateway-flags': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const streams = Number(values.streams);
const prompt = `Write at length. [[sim:long=${Number(values.words)}]]`;
const nodeFlags = values['gateway-flags']?.split(' ').filter(Boolean) ?? [];
const formats = values.formats ? (values.formats.split(',') as Format[]) : FORMATS;

interface Side {
  name: string;
  service: Service;
  client: Client;
  call: (format: Format) => HttpCall;
}

const simulator = await spawnSimulator();
const services: Service[] = [simulator];
const sides: Side[] = [];
const addSide = (name: string, service: Service, call: (url: string, f: Format) => HttpCall) => {
  services.push(service);
  const client = new Client(service.url, { pipelining: 1, keepAliveTimeout: 60_000 });
  sides.push({ name, service, client, call: (format) => call(service.url, format) });
};
const passThrough = (format: Format) =>
  PAIRS.find((p) => p.client === format && p.upstream === format)!;
const viaGateway = (url: string, format: Format): HttpCall =>
  gatewayCall(url, passThrough(format), { stream: true, prompt });
const viaProxy = (url: string, format: Format): HttpCall => ({
  ...directCall(simulator.url, format, { stream: true, prompt }),
  origin: url,
});

try {
  addSide('floor', await spawnReferenceProxy(simulator.url), viaProxy);
  if (values.base) {
    const base = await spawnGateway({
      upstream: simulator.url,
      root: values.base,
      entry: 'bin/model-gateway.ts',
      nodeFlags,
    });
    addSide('before', base, viaGateway);
  }
  addSide(
    values.base ? 'after' : 'gateway',
    await spawnGateway({ upstream: simulator.url, entry: 'bin/model-gateway.ts', nodeFlags }),
    viaGateway,
  );

  const records = new Map<Format, number>();
  for (const format of formats) {
    const direct = directCall(simulator.url, format, { stream: true, prompt });
    const toSim = new Client(simulator.url);
    const answer = expectOk(`direct ${format}`, await timedRequest(toSim, direct, true));
    await toSim.close();
    records.set(format, countRecords(format, answer.text));
  }

  const batch = async (side: Side, format: Format, n: number): Promise<void> => {
    const call = side.call(format);
    for (let i = 0; i < n; i += 1)
      expectOk(`${side.name} ${format}`, await timedRequest(side.client, call));
  };
  for (const format of formats) for (const side of sides) await batch(side, format, 5);

  /** CPU ms per round, by format and side. */
  const cpu = new Map<string, number[]>();
  const key = (format: Format, side: Side): string => `${format}/${side.name}`;
  for (let round = 0; round < rounds; round += 1) {
    for (const format of formats) {
      // Rotated each round, so no side always runs first (or right after another).
      const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
      for (const side of order) {
        const before = cpuMs(side.service.pid);
        await batch(side, format, streams);
        const used = cpuMs(side.service.pid) - before;
        cpu.set(key(format, side), [...(cpu.get(key(format, side)) ?? []), used]);
      }
    }
    process.stderr.write(`round ${round + 1}/${rounds}\n`);
  }

  const floor = sides[0]!;
  const header = ['format', 'records', ...sides.map((s) => `${s.name} µs/rec`)];
  const ratios = sides.slice(1).map((s) => `${s.name} ÷ floor`);
  console.log(`| ${[...header, ...ratios].join(' | ')} |`);
  console.log(`|${' --- |'.repeat(header.length + ratios.length)}`);
  for (const format of formats) {
    const n = records.get(format)!;
    const perRecord = (side: Side): number =>
      (median(cpu.get(key(format, side))!) * 1000) / (n * streams);
    const floorRounds = cpu.get(key(format, floor))!;
    /** Median over rounds of the round's ratio: both sides of a round saw the same machine. */
    const ratio = (side: Side): number =>
      median(cpu.get(key(format, side))!.map((ms, i) => ms / floorRounds[i]!));
    const cells = [
      format,
      String(n),
      ...sides.map((s) => perRecord(s).toFixed(2)),
      ...sides.slice(1).map((s) => ratio(s).toFixed(2)),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    `\n${rounds} rounds × ${streams} streams per side and format; µs/rec = median over rounds of CPU ÷ records.`,
  );
  if (Number(values.bursts) > 0) await bursts(Number(values.bursts));
} finally {
  await Promise.all(sides.map((side) => side.client.close()));
  await Promise.all(services.map((s) => s.stop(10_000)));
}

/** Bursts of 200 chat → chat streams on new connections, every side and direct in turn. */
async function bursts(rounds: number): Promise<void> {
  const size = 200;
  const shortCall = { stream: true, prompt: BURST_PROMPT };
  const direct = directCall(simulator.url, 'chat', shortCall);
  const callOf = (side: Side): HttpCall =>
    side.name === 'floor'
      ? { ...direct, origin: side.service.url }
      : gatewayCall(side.service.url, passThrough('chat'), shortCall);
  for (const side of sides) await burst(callOf(side), 20, 'new');
  await burst(direct, 20, 'new');
  const results = new Map<string, { side: OneBurst; direct: OneBurst }[]>();
  for (let round = 0; round < rounds; round += 1) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
    for (const side of order) {
      const viaSide = await burst(callOf(side), size, 'new', side.service.pid);
      const straight = await burst(direct, size, 'new');
      results.set(side.name, [
        ...(results.get(side.name) ?? []),
        { side: viaSide, direct: straight },
      ]);
    }
  }
  console.log(
    `\n| ${size} streams at once | added TTFB p50 | added p99 | CPU µs / stream | failed |`,
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const side of sides) {
    const r = results.get(side.name)!;
    const added = (p: number): number =>
      median(r.map((x) => percentile(x.side.ttfb, p) - percentile(x.direct.ttfb, p)));
    const cpu = median(r.map((x) => ((x.side.cpuMs ?? 0) * 1000) / size));
    const failed = r.reduce((n, x) => n + x.side.failed + x.direct.failed, 0);
    console.log(
      `| ${side.name} | ${added(50).toFixed(1)} ms | ${added(99).toFixed(1)} ms | ${cpu.toFixed(0)} | ${failed} |`,
    );
  }
  console.log(`\n${rounds} rounds; medians over rounds of (side − direct burst right after it).`);
}
