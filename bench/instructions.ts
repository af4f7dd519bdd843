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
  /**
   * Of those, the ones in V8's optimising compilers (TurboFan, Turboshaft, Maglev: functions of
   * their namespaces), thousands per request. Under valgrind the compilers have not settled
   * after the warm-up, and they weigh more in the proxy's small count than in the gateway's, so
   * the ratio without them is the one that says how much work each does per request. Missing
   * where callgrind_annotate could not be run.
   */
  compilerKiloInstructionsPerRequest?: number;
  requests: number;
}

/** Functions of V8's optimising compilers, as callgrind_annotate names them. */
const COMPILER_FUNCTION = /v8::internal::(compiler|maglev|turboshaft)::/;

/** Self instructions of V8's optimising compilers in one callgrind file; null without callgrind_annotate. */
function compilerInstructions(file: string): number | null {
  let listing: string;
  try {
    listing = execFileSync('callgrind_annotate', ['--threshold=100', file], {
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
    });
  } catch {
    return null;
  }
  let total = 0;
  for (const line of listing.split('\n')) {
    if (!COMPILER_FUNCTION.test(line)) continue;
    const count = /^\s*([\d,]+) /.exec(line)?.[1];
    if (count) total += Number(count.replaceAll(',', ''));
  }
  return total;
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
): Promise<Omit<InstructionCount, 'label'>> {
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
    let counted: string[] = [];
    for (let tries = 0; total === 0 && tries < 50; tries += 1) {
      await sleep(200);
      counted = [];
      for (const file of readdirSync(dir)) {
        const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
        if (!totals?.[1]) continue;
        total += Number(totals[1]);
        counted.push(join(dir, file));
      }
    }
    const perRequest = (instructions: number): number => instructions / requests / 1000;
    let compiler: number | null = 0;
    for (const file of counted) {
      const inFile = compilerInstructions(file);
      compiler = inFile === null || compiler === null ? null : compiler + inFile;
    }
    return {
      kiloInstructionsPerRequest: perRequest(total),
      ...(compiler === null ? {} : { compilerKiloInstructionsPerRequest: perRequest(compiler) }),
      requests,
    };
  } finally {
    await pool.close();
    await service.stop(5_000);
    if (process.env.BENCH_KEEP_CALLGRIND) log(`callgrind output kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
