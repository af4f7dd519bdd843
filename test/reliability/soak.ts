import { request } from 'node:http';
import { openStore } from '../../electron/store/index.ts';
import type { LogCursor } from '../../shared/contract.ts';
import { badInputBurst } from './bad-input-burst.ts';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { KIT_PAIRS } from '../format-kits/kits.ts';
import { streamError } from '../format-kits/stream-records.ts';
import { jsonAnswer, startFaultUpstream } from './fault-upstream.ts';
import { PROCESS_TOKEN, startGatewayProcess } from './gateway-process.ts';
import { requestHeaders } from './routes.ts';
import { recordFromSimulator } from './sim-recordings.ts';
import { faultOf, SOAK_FAULTS, type Expectation } from './soak-faults.ts';

/**
 * The long run's soak: a real gateway process (short upstream timeouts) against the fault
 * upstream, every fault × every format pair, round after round, a few at a time; bad-input
 * bursts between rounds. Each request is checked against its fault's expectation and a
 * deadline; at the end the request log must hold exactly one row per request sent, and the
 * process's memory and the upstream's open connections must have settled.
 */
export interface SoakOptions {
  rounds: number;
  concurrency: number;
  hugeEventChars: number;
  bigBodyBytes: number;
  nesting: number;
  /** Per-request deadline: a request still open then counts as a hang. */
  deadlineMs: number;
  log: (line: string) => void;
}

interface FaultStats {
  requests: number;
  failures: string[];
  latenciesMs: number[];
}

export interface SoakReport {
  requests: number;
  badInputRequests: number;
  records: number;
  duplicateRecords: number;
  hangs: number;
  rssMb: number[];
  upstreamConnectionsAfter: number;
  exitCode: number | null;
  byFault: Record<string, FaultStats>;
}

interface Outcome {
  status: number;
  text: string;
  timedOut: boolean;
}

/** One request that may be abandoned mid-stream (`dropAfterFirstBytes`) like a leaving client. */
function send(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  deadlineMs: number,
  dropAfterFirstBytes: boolean,
): Promise<Outcome> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let text = '';
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        agent: false,
        headers,
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
          if (dropAfterFirstBytes) {
            clearTimeout(timer);
            req.destroy();
            resolve({ status: res.statusCode ?? 0, text, timedOut: false });
          }
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text, timedOut: false });
        });
        res.on('error', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text, timedOut: false });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 0, text, timedOut: true });
    }, deadlineMs);
    req.on('error', () => {
      clearTimeout(timer);
      resolve({ status: 0, text, timedOut: false });
    });
    req.end(body);
  });
}

function check(expect: Expectation, client: FormatKit, outcome: Outcome): string | null {
  if (outcome.timedOut) return 'hang';
  if (expect === 'client-gone') return null;
  if (expect === 'ok')
    return outcome.status === 200 && streamError(client, outcome.text) === null
      ? null
      : `want ok, got ${outcome.status} ${outcome.text.slice(-160)}`;
  if (expect === 'stream-error')
    return outcome.status === 200 && streamError(client, outcome.text) !== null
      ? null
      : `want an in-stream error, got ${outcome.status} ${outcome.text.slice(-160)}`;
  if (outcome.status !== expect)
    return `want ${expect}, got ${outcome.status} ${outcome.text.slice(0, 160)}`;
  return JSON.parse(outcome.text) ? null : 'error body is not JSON';
}

/** Rows in the request log, and how many of them repeat a request id (a double count). */
function logCounts(dataDir: string): { records: number; duplicateRecords: number } {
  const store = openStore(dataDir);
  try {
    // The log is read a page at a time (the store caps a page).
    const ids: string[] = [];
    for (let after: LogCursor | undefined; ;) {
      const page = store.requestLog.searchLog({}, { limit: 1000, after });
      ids.push(...page.rows.map((r) => r.requestId));
      if (!page.next) break;
      after = page.next;
    }
    return { records: ids.length, duplicateRecords: ids.length - new Set(ids).size };
  } finally {
    store.close();
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const recordings = await recordFromSimulator();
  const up = await startFaultUpstream();
  up.script = (r) => {
    const fault = faultOf(r);
    return fault ? fault.script(r, recordings, options.hugeEventChars) : jsonAnswer(500, {});
  };
  const gw = await startGatewayProcess({
    upstreamUrl: up.url,
    upstreamKey: 'sk-soak-upstream-key-0000000000',
    env: {
      MODEL_GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS: '1000',
      MODEL_GATEWAY_UPSTREAM_BODY_TIMEOUT_MS: '1000',
    },
  });
  const byFault: Record<string, FaultStats> = Object.fromEntries(
    SOAK_FAULTS.map((f) => [f.name, { requests: 0, failures: [], latenciesMs: [] }]),
  );
  const rssMb: number[] = [gw.rss() / 1024 / 1024];
  let requests = 0;
  let badInputRequests = 0;
  let hangs = 0;
  let exitCode: number | null;
  let upstreamConnectionsAfter: number;
  try {
    for (let round = 1; round <= options.rounds; round += 1) {
      const jobs = SOAK_FAULTS.flatMap((fault) => KIT_PAIRS.map((pair) => ({ fault, pair })));
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < jobs.length) {
          const { fault, pair } = jobs[next++]!;
          const call = pair.client.client.request(
            pair.upstream.nativeModel,
            `fault=${fault.name} round ${round}`,
            true,
          );
          const started = Date.now();
          const outcome = await send(
            gw.url,
            call.path,
            requestHeaders(call, PROCESS_TOKEN),
            JSON.stringify(call.body),
            options.deadlineMs,
            fault.expect === 'client-gone',
          );
          requests += 1;
          const stats = byFault[fault.name]!;
          stats.requests += 1;
          stats.latenciesMs.push(Date.now() - started);
          if (outcome.timedOut) hangs += 1;
          const problem = check(fault.expect, pair.client, outcome);
          const alternative = fault.orExpect
            ? check(fault.orExpect, pair.client, outcome)
            : problem;
          if (problem && alternative) stats.failures.push(`${pair.label}: ${problem}`);
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      const statuses = await badInputBurst({
        url: gw.url,
        token: PROCESS_TOKEN,
        requests: 16,
        concurrency: 2,
        nesting: options.nesting,
        bigBodyBytes: options.bigBodyBytes,
      });
      badInputRequests += statuses.length;
      rssMb.push(gw.rss() / 1024 / 1024);
      options.log(
        `round ${round}/${options.rounds}: ${requests} fault requests, ${badInputRequests} bad-input requests, RSS ${Math.round(rssMb.at(-1)!)} MB`,
      );
    }
    await up.waitForConnections(0, 10_000).catch(() => undefined);
    upstreamConnectionsAfter = up.openConnections();
  } finally {
    exitCode = await gw.stop();
    await up.close();
  }
  const { records, duplicateRecords } = logCounts(gw.dataDir);
  return {
    requests,
    badInputRequests,
    records,
    duplicateRecords,
    hangs,
    rssMb,
    upstreamConnectionsAfter,
    exitCode,
    byFault,
  };
}
