/**
 * The metering tap alone, in this process: CPU per record of `StreamUsageTap` over each
 * format's long streamed answer (captured from the simulator, fed in 40 kB chunks as the
 * gateway reads them), for this tree and, with `--base DIR`, another checkout's, alternated
 * batch by batch; best batch of each. Steadier than the gateway's /proc times on a shared
 * machine, and it checks that both trees meter alike (usage, characters, truncation).
 *
 *   npx node bench/tap-cost-ab.ts [--base DIR] [--words 2000] [--batches 15]
 */
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import type { FormatCodec } from '../electron/gateway/canonical/format-codec.ts';
import { CODECS } from '../electron/gateway/formats/codecs.ts';
import type { StreamUsageTap } from '../electron/gateway/metering/stream-usage-tap.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, FORMATS, gatewayCall, PAIRS } from './pairs.ts';
import { ROOT, spawnSimulator } from './spawn-services.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    words: { type: 'string', default: '2000' },
    batches: { type: 'string', default: '15' },
  },
});

interface Tree {
  name: string;
  Tap: new (codec: FormatCodec, hide?: (data: string) => boolean) => StreamUsageTap;
  codecs: typeof CODECS;
}

const load = async (name: string, root: string): Promise<Tree> => ({
  name,
  Tap: (
    (await import(`${root}/electron/gateway/metering/stream-usage-tap.ts`)) as {
      StreamUsageTap: Tree['Tap'];
    }
  ).StreamUsageTap,
  codecs: (
    (await import(`${root}/electron/gateway/formats/codecs.ts`)) as { CODECS: typeof CODECS }
  ).CODECS,
});
const trees = [
  ...(values.base ? [await load('before', values.base)] : []),
  await load(values.base ? 'after' : 'tap', ROOT),
];

/** Each format's stream as the upstream sends it; the gateway asks chat for its usage chunk. */
const simulator = await spawnSimulator();
const streams = new Map<string, Buffer>();
try {
  const client = new Client(simulator.url);
  for (const format of FORMATS) {
    const call = directCall(simulator.url, format, {
      stream: true,
      prompt: `Write at length. [[sim:long=${Number(values.words)}]]`,
    });
    streams.set(format, Buffer.from(expectOk(format, await timedRequest(client, call, true)).text));
  }
  await client.close();
} finally {
  await simulator.stop();
}

/** The record the gateway hides where the client did not ask for it (chat's usage chunk). */
const hideOf = (tree: Tree, format: string): ((data: string) => boolean) | undefined => {
  const pair = PAIRS.find((p) => p.client === format && p.upstream === format)!;
  const request = JSON.parse(gatewayCall('', pair, { stream: true, prompt: '' }).body) as Record<
    string,
    unknown
  >;
  const codec = tree.codecs[pair.client];
  const raw = Buffer.from(JSON.stringify(request));
  const envelope = codec.readEnvelope(request, { stream: true, model: String(request.model) });
  return codec.preparePassthrough?.(raw, envelope)?.hideRecord;
};

console.log(
  `| format | records | ${trees.map((t) => `${t.name} µs/rec`).join(' | ')} | same metering |`,
);
console.log(`|${' --- |'.repeat(trees.length + 3)}`);
for (const [format, bytes] of streams) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 40_000) chunks.push(bytes.subarray(at, at + 40_000));
  let records = 0;
  const reader = CODECS[format as keyof typeof CODECS].framing.createReader(() => (records += 1));
  reader.push(bytes);
  reader.end();
  const run = (tree: Tree): StreamUsageTap => {
    const codec = tree.codecs[format as keyof typeof CODECS];
    const tap = new tree.Tap(codec, hideOf(tree, format));
    for (const chunk of chunks) tap.push(chunk);
    tap.end();
    return tap;
  };
  for (const tree of trees) for (let i = 0; i < 100; i += 1) run(tree);
  const best = trees.map(() => Infinity);
  for (let batch = 0; batch < Number(values.batches); batch += 1)
    trees.forEach((tree, i) => {
      const start = process.hrtime.bigint();
      for (let n = 0; n < 10; n += 1) run(tree);
      best[i] = Math.min(best[i]!, Number(process.hrtime.bigint() - start) / 10);
    });
  const readings = trees.map((tree) => {
    const tap = run(tree);
    return JSON.stringify([tap.usage, tap.outputChars, tap.truncated, tap.invalid]);
  });
  const cells = best.map((ns) => (ns / 1000 / records).toFixed(3));
  const same = readings.every((r) => r === readings[0]) ? 'yes' : `NO: ${readings.join(' ≠ ')}`;
  console.log(`| ${format} | ${records} | ${cells.join(' | ')} | ${same} |`);
}
