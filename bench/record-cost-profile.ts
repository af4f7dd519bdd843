/**
 * Where a streamed record's CPU goes: the gateway (from its sources, so frames name their files)
 * or the no-logic proxy, profiled through the inspector while it relays long pass-through
 * streams of one format, one at a time. Prints busy µs per record, the split by where the code
 * lives and the top functions, and writes the profile for DevTools.
 *
 *   npx node bench/record-cost-profile.ts [--format chat] [--proxy] [--root DIR] [--streams 60]
 *     [--out FILE]
 *
 * `--root` profiles another checkout's gateway (the tree before a change).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { CODECS } from '../electron/gateway/formats/codecs.ts';
import { summarizeProfile } from './cpu-profile-summary.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { freePort, inspectFlag, profileWhile } from './inspector-profile.ts';
import { directCall, gatewayCall, PAIRS, type Format } from './pairs.ts';
import { spawnGateway, spawnReferenceProxy, spawnSimulator } from './spawn-services.ts';

const { values } = parseArgs({
  options: {
    format: { type: 'string', default: 'chat' },
    proxy: { type: 'boolean', default: false },
    streams: { type: 'string', default: '60' },
    words: { type: 'string', default: '2000' },
    out: { type: 'string' },
    root: { type: 'string' },
  },
});
const format = values.format as Format;
const prompt = `Write at length. [[sim:long=${Number(values.words)}]]`;
const simulator = await spawnSimulator();
const port = await freePort();
const service = values.proxy
  ? await spawnReferenceProxy(simulator.url, [], [inspectFlag(port)])
  : await spawnGateway({
      upstream: simulator.url,
      entry: 'bin/model-gateway.ts',
      nodeFlags: [inspectFlag(port)],
      ...(values.root ? { root: values.root } : {}),
    });
const pair = PAIRS.find((p) => p.client === format && p.upstream === format)!;
const call = values.proxy
  ? { ...directCall(simulator.url, format, { stream: true, prompt }), origin: service.url }
  : gatewayCall(service.url, pair, { stream: true, prompt });
const client = new Client(service.url, { pipelining: 1, keepAliveTimeout: 60_000 });
try {
  const sample = expectOk('sample', await timedRequest(client, call, true));
  let records = 0;
  const reader = CODECS[format].framing.createReader(() => (records += 1));
  reader.push(Buffer.from(sample.text));
  reader.end();
  for (let i = 0; i < 20; i += 1) expectOk('warm-up', await timedRequest(client, call));
  const streams = Number(values.streams);
  const { profile } = await profileWhile(port, async () => {
    for (let i = 0; i < streams; i += 1) expectOk('profiled', await timedRequest(client, call));
  });
  if (values.out) writeFileSync(values.out, JSON.stringify(profile));
  const summary = summarizeProfile(profile, 25);
  const us = (share: number): string =>
    ((share * summary.busyMs * 1000) / (records * streams)).toFixed(3);
  console.log(
    `${values.proxy ? 'proxy' : 'gateway'} ${format}: ${records} records × ${streams} streams, busy ${us(1)} µs/record`,
  );
  console.log('\nby where (self µs/record):');
  for (const c of summary.categories) console.log(`  ${us(c.self).padStart(7)}  ${c.category}`);
  console.log('\ntop self (µs/record, total):');
  for (const f of summary.topSelf)
    console.log(`  ${us(f.self).padStart(7)} ${us(f.total).padStart(7)}  ${f.name}`);
  console.log('\ngateway by total (µs/record self, total):');
  for (const f of summary.topGatewayTotal)
    console.log(`  ${us(f.self).padStart(7)} ${us(f.total).padStart(7)}  ${f.name}`);
} finally {
  await client.close();
  await service.stop(10_000);
  await simulator.stop();
}
