import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEAP_PROBE_FLAGS, sampleHeap, type HeapSample } from '../heap-probe/sample-heap.ts';
import { runCli, type CliProcess } from '../integration/cli-process.ts';

/**
 * A real `model-gateway serve` process for the checks that need one: its memory (RSS) under a
 * burst, what it writes to stdout, stderr and its data dir, and the address it binds.
 */
export const PROCESS_TOKEN = 'mgw_reliability_process_token_0000';

export interface GatewayProcess {
  url: string;
  dataDir: string;
  cli: CliProcess;
  /** Resident set size in bytes, from /proc (Linux). */
  rss(): number;
  /** Memory after a full GC, from the heap probe (`heapProbe: true`). */
  heap(): Promise<HeapSample>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

export const canReadRss = (): boolean => {
  try {
    readFileSync(`/proc/${process.pid}/status`);
    return true;
  } catch {
    return false;
  }
};

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for ${pid}`);
  return kb * 1024;
}

export async function startGatewayProcess(options: {
  upstreamUrl: string;
  upstreamKey: string;
  args?: string[];
  env?: Record<string, string>;
  dataDir?: string;
  /** Loads the heap probe, so `heap()` can sample the heap after a full GC. */
  heapProbe?: boolean;
}): Promise<GatewayProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mg-reliability-'));
  const cli = runCli(
    [
      'serve',
      '--upstream',
      options.upstreamUrl,
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...(options.args ?? []),
    ],
    {
      MODEL_GATEWAY_UPSTREAM_KEY: options.upstreamKey,
      MODEL_GATEWAY_TOKEN: PROCESS_TOKEN,
      ...options.env,
    },
    '',
    options.heapProbe ? { nodeFlags: HEAP_PROBE_FLAGS, ipc: true } : {},
  );
  let url: string;
  try {
    [, url = ''] = await cli.line(/^Gateway listening on (\S+)\n/);
  } catch (error) {
    cli.child.kill('SIGKILL');
    throw error;
  }
  const pid = cli.child.pid!;
  return {
    url,
    dataDir,
    cli,
    rss: () => rssOf(pid),
    heap: () => {
      if (!options.heapProbe) throw new Error('start the process with heapProbe: true');
      return sampleHeap(cli.child);
    },
    async stop() {
      if (cli.child.exitCode !== null) return cli.child.exitCode;
      cli.child.kill('SIGTERM');
      const timer = setTimeout(() => cli.child.kill('SIGKILL'), 15_000);
      const code = await cli.exit();
      clearTimeout(timer);
      return code;
    },
  };
}
