import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, SHORT_PROMPT, type HttpCall } from './pairs.ts';
import { spawnGateway, spawnReferenceProxy, type Service } from './spawn-services.ts';

export interface InstructionCount {
  /** `gateway: chat-completions → chat-completions` or `reference proxy: chat-completions`. */
  label: string;
  /** Instructions executed by the whole process (every thread) per request, thousands. */
  kiloInstructionsPerRequest: number;
  requests: number;
}

/** Whether valgrind (and its callgrind_control) can be run here. */
function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * CPU per pass-through request as a count that does not depend on what else runs on the machine:
 * instructions executed (valgrind's callgrind, every thread of the process), over a fixed number
 * of non-streamed requests at a fixed concurrency after a warm-up, for the gateway (chat → chat)
 * and for the no-logic reference proxy. Wall-clock CPU time (/proc) swings two- to threefold
 * with other load on two shared cores; instruction counts repeat within a few per cent. Null
 * where valgrind is missing. With BENCH_KEEP_CALLGRIND set, the callgrind files are kept (their
 * folder is logged) for `callgrind_annotate`.
 */
export async function measureInstructions(
  simulator: { url: string },
  log: (line: string) => void,
): Promise<InstructionCount[] | null> {
  if (!hasValgrind()) {
    log('instructions: valgrind not found, skipped');
    return null;
  }
  const pair = PAIRS.find((p) => p.client === 'chat' && p.upstream === 'chat')!;
  const call = { stream: false, prompt: SHORT_PROMPT };
  const results: InstructionCount[] = [];
  const gateway = await count(
    log,
    (wrapper) => spawnGateway({ upstream: simulator.url, wrapper }),
    (url) => gatewayCall(url, pair, call),
  );
  results.push({ label: `gateway: ${pair.label}`, ...gateway });
  log('instructions: gateway done');
  const proxy = await count(
    log,
    (wrapper) => spawnReferenceProxy(simulator.url, wrapper),
    (url) => ({ ...directCall(simulator.url, 'chat', call), origin: url }),
  );
  results.push({ label: 'reference proxy: chat-completions', ...proxy });
  log('instructions: reference proxy done');
  return results;
}

async function count(
  log: (line: string) => void,
  start: (wrapper: string[]) => Promise<Service>,
  callFor: (url: string) => HttpCall,
): Promise<{ kiloInstructionsPerRequest: number; requests: number }> {
  const { warmup, requests, concurrency } = SIZES.instructions;
  const dir = mkdtempSync(join(tmpdir(), 'mgw-callgrind-'));
  const service = await start([
    'valgrind',
    '--tool=callgrind',
    // Counted only between the two `callgrind_control -i` calls: start-up and warm-up are not.
    '--instr-atstart=no',
    `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
  ]);
  const pool = new Pool(service.url, { connections: concurrency });
  try {
    const target = callFor(service.url);
    const load = async (total: number): Promise<void> => {
      let sent = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (sent < total) {
            sent += 1;
            expectOk('instructions', await timedRequest(pool, target));
          }
        }),
      );
    };
    await load(warmup);
    const control = (flag: string[]): void => {
      execFileSync('callgrind_control', [...flag, String(service.pid)], { stdio: 'ignore' });
    };
    control(['-i', 'on']);
    await load(requests);
    control(['-i', 'off']);
    control(['-d']);
    // The dump is written by the service's process; wait until it is there.
    let total = 0;
    for (let tries = 0; total === 0 && tries < 50; tries += 1) {
      await sleep(200);
      for (const file of readdirSync(dir)) {
        const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
        if (totals?.[1]) total += Number(totals[1]);
      }
    }
    return { kiloInstructionsPerRequest: total / requests / 1000, requests };
  } finally {
    await pool.close();
    await service.stop(5_000);
    if (process.env.BENCH_KEEP_CALLGRIND) log(`callgrind output kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
