/**
 * Instructions per streamed record of pass-through streams (valgrind's callgrind, every thread
 * of the process): the no-logic proxy (the floor), the gateway of another checkout (`--base
 * DIR`) and this tree's, each run under callgrind in turn, each format's long answer streamed
 * `--warmup` times uncounted and then `--streams` times counted. Unlike CPU time from /proc,
 * which swings with other load on two shared cores, a count repeats within a few per cent; it
 * does not see what an instruction costs (a syscall's kernel work, cache misses).
 *
 *   npx node bench/record-instructions.ts [--base DIR] [--formats chat,responses]
 *     [--warmup 40] [--streams 8] [--words 2000] [--keep]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { CODECS } from '../electron/gateway/formats/codecs.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, FORMATS, gatewayCall, PAIRS, type Format, type HttpCall } from './pairs.ts';
import {
  spawnGateway,
  spawnReferenceProxy,
  spawnSimulator,
  type Service,
} from './spawn-services.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    formats: { type: 'string' },
    warmup: { type: 'string', default: '40' },
    streams: { type: 'string', default: '8' },
    words: { type: 'string', default: '2000' },
    /** Keep the callgrind files (their folder is printed), for `callgrind_annotate`. */
    keep: { type: 'boolean', default: false },
  },
});
const formats = values.formats ? (values.formats.split(',') as Format[]) : FORMATS;
const prompt = `Write at length. [[sim:long=${Number(values.words)}]]`;
const counted = Number(values.streams);

interface SideSpec {
  name: string;
  start(wrapper: string[]): Promise<Service>;
  call(url: string, format: Format): HttpCall;
}

const simulator = await spawnSimulator();
const passThrough = (format: Format) =>
  PAIRS.find((p) => p.client === format && p.upstream === format)!;
const viaGateway = (url: string, format: Format): HttpCall =>
  gatewayCall(url, passThrough(format), { stream: true, prompt });
const sides: SideSpec[] = [
  {
    name: 'floor',
    start: (wrapper) => spawnReferenceProxy(simulator.url, wrapper),
    call: (url, format) => ({
      ...directCall(simulator.url, format, { stream: true, prompt }),
      origin: url,
    }),
  },
  ...(values.base
    ? [
        {
          name: 'before',
          start: (wrapper: string[]) =>
            spawnGateway({
              upstream: simulator.url,
              root: values.base,
              entry: 'bin/model-gateway.ts',
              wrapper,
            }),
          call: viaGateway,
        },
      ]
    : []),
  {
    name: values.base ? 'after' : 'gateway',
    start: (wrapper) =>
      spawnGateway({ upstream: simulator.url, entry: 'bin/model-gateway.ts', wrapper }),
    call: viaGateway,
  },
];

/** The `totals:` of the callgrind files in `dir` not in `seen` (every thread's), summed. */
async function newTotals(dir: string, seen: Set<string>): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    await sleep(200);
    let total = 0;
    const files = readdirSync(dir).filter((file) => !seen.has(file));
    for (const file of files) {
      const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
      if (totals?.[1]) total += Number(totals[1]);
    }
    if (total > 0) {
      for (const file of files) seen.add(file);
      return total;
    }
  }
  throw new Error(`no callgrind dump in ${dir}`);
}

const records = new Map<Format, number>();
const perRecord = new Map<string, number>();
try {
  const toSim = new Client(simulator.url);
  for (const format of formats) {
    const answer = await timedRequest(
      toSim,
      directCall(simulator.url, format, { stream: true, prompt }),
      true,
    );
    let n = 0;
    const reader = CODECS[format].framing.createReader(() => (n += 1));
    reader.push(Buffer.from(expectOk(format, answer).text));
    reader.end();
    records.set(format, n);
  }
  await toSim.close();
  for (const side of sides) {
    const dir = mkdtempSync(join(tmpdir(), 'mgw-callgrind-'));
    const service = await side.start([
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
    ]);
    const client = new Client(service.url, { pipelining: 1, bodyTimeout: 0, headersTimeout: 0 });
    const control = (flag: string[]): void => {
      execFileSync('callgrind_control', [...flag, String(service.pid)], { stdio: 'ignore' });
    };
    const seen = new Set(readdirSync(dir));
    try {
      for (const format of formats) {
        const call = side.call(service.url, format);
        for (let i = 0; i < Number(values.warmup); i += 1)
          expectOk(side.name, await timedRequest(client, call));
        control(['-i', 'on']);
        for (let i = 0; i < counted; i += 1) expectOk(side.name, await timedRequest(client, call));
        control(['-i', 'off']);
        control(['-d']);
        const total = await newTotals(dir, seen);
        perRecord.set(`${format}/${side.name}`, total / (counted * records.get(format)!));
        process.stderr.write(`${side.name} ${format} done\n`);
      }
    } finally {
      await client.close();
      await service.stop(5_000);
      if (values.keep) process.stderr.write(`${side.name}: callgrind files in ${dir}\n`);
      else rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await simulator.stop();
}

const others = sides.slice(1);
console.log(
  `| format | records | ${sides.map((s) => `${s.name} instr/rec`).join(' | ')} | ${others.map((s) => `${s.name} ÷ floor`).join(' | ')} |`,
);
console.log(`|${' --- |'.repeat(2 + sides.length + others.length)}`);
for (const format of formats) {
  const of = (side: SideSpec): number => perRecord.get(`${format}/${side.name}`)!;
  const cells = [
    ...sides.map((s) => of(s).toFixed(0)),
    ...others.map((s) => (of(s) / of(sides[0]!)).toFixed(2)),
  ];
  console.log(`| ${format} | ${records.get(format)} | ${cells.join(' | ')} |`);
}
console.log(
  `\n${values.warmup} streams of warm-up, then ${counted} counted, per side and format (callgrind, every thread).`,
);
