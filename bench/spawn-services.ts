import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { GATEWAY_V8_FLAGS } from '../electron/launcher/gateway-v8-flags.ts';
import { GATEWAY_TOKEN, SIM_KEY } from './config.ts';

/** The repository root: bench/ sits right below it. */
export const ROOT = resolve(import.meta.dirname, '..');

/** Where the gateway and the simulator start from: this checkout, or a run's snapshot of it. */
let sources = ROOT;
export function useSources(root: string): void {
  sources = root;
}

export interface Service {
  url: string;
  /** The pid of the Node process itself (not of a wrapper), so /proc/<pid> is the service. */
  pid: number;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface GatewaySpawnOptions {
  upstream: string;
  /** Extra Node flags, e.g. `--cpu-prof` for the profiling phase or `--import` of the heap probe. */
  nodeFlags?: string[];
  /** Adds an IPC channel (the heap probe answers over it). */
  ipc?: boolean;
  /** Another checkout's gateway (A/B runs of a patched copy); default the run's sources. */
  root?: string;
  /** The entry script below `root`; default GATEWAY_ENTRY (e.g. `bin/model-gateway.ts` for the sources). */
  entry?: string;
  /** A command Node runs under (valgrind and its options); it must keep Node's pid. */
  wrapper?: string[];
  /**
   * A data dir prepared beforehand (tokens, routes, limits), left in place when the gateway
   * stops: its creator reads and removes it. Default: a fresh, empty one, removed on stop.
   */
  dataDir?: string;
}

/**
 * Each service runs in its own Node process, started with this process's Node (24 under
 * `npm run bench`) and no npm wrapper, so the pid we sample is the service itself and the load
 * generator in this process never shares an event loop with what it measures.
 */
export async function spawnSimulator(): Promise<Service> {
  return start(
    [join(sources, 'test/upstream-sim/cli.ts'), '--port', '0'],
    {},
    /^Simulator listening on (http:\/\/\S+)$/,
    false,
  );
}

/** The no-logic proxy of reference-proxy.ts, in front of `upstream` with the simulator's key. */
export async function spawnReferenceProxy(
  upstream: string,
  wrapper: string[] = [],
  nodeFlags: string[] = [],
): Promise<Service> {
  return start(
    [...nodeFlags, join(ROOT, 'bench/reference-proxy.ts'), upstream, SIM_KEY],
    {},
    /^Reference proxy listening on (http:\/\/\S+)$/,
    false,
    wrapper,
  );
}

/** The gateway as `npm start` runs it headless: the CLI's bundle (see bench/snapshot.ts). */
export const GATEWAY_ENTRY = 'out/main/cli.js';

export async function spawnGateway(options: GatewaySpawnOptions): Promise<Service> {
  // A fresh data dir per gateway (an empty request log, as a new install has), unless given one.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mgw-bench-'));
  const removeDataDir = (): void => {
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  const starting = start(
    [
      // As shipped: the V8 flags every start of the gateway passes.
      ...GATEWAY_V8_FLAGS,
      ...(options.nodeFlags ?? []),
      join(options.root ?? sources, options.entry ?? GATEWAY_ENTRY),
      'serve',
      '--upstream',
      options.upstream,
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    { MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEY, MODEL_GATEWAY_TOKEN: GATEWAY_TOKEN },
    /^Gateway listening on (http:\/\/\S+)$/,
    options.ipc ?? false,
    options.wrapper,
  );
  // A gateway that fails to start leaves no data dir behind either.
  const service = await starting.catch((error: unknown) => {
    removeDataDir();
    throw error;
  });
  const stop = service.stop;
  return {
    ...service,
    stop: async (graceMs) => {
      await stop(graceMs);
      removeDataDir();
    },
  };
}

/**
 * Every child still running when the benchmark exits (an error, Ctrl-C, a kill of this process
 * alone) is killed with it, so no simulator or gateway outlives a run.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function start(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  ipc: boolean,
  wrapper: string[] = [],
): Promise<Service> {
  const [command, ...rest] = [...wrapper, process.execPath, ...args];
  const child = spawn(command!, rest, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  // Keep the last lines of stderr: they explain a service that failed to start.
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr.push(text);
    if (stderr.length > 50) stderr.shift();
  });
  running.add(child);
  const exited = new Promise<void>((resolveExit) =>
    child.once('exit', () => {
      running.delete(child);
      resolveExit();
    }),
  );
  const url = await new Promise<string>((resolveUrl, reject) => {
    // Under valgrind Node starts tens of times slower.
    const startMs = wrapper.length > 0 ? 300_000 : 30_000;
    const timer = setTimeout(() => fail(`did not start within ${startMs / 1000} s`), startMs);
    const lines = createInterface({ input: child.stdout! });
    let settled = false;
    function fail(why: string): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      lines.close();
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: ${why}\n${stderr.join('')}`));
    }
    lines.on('line', (line) => {
      const match = ready.exec(line.trim());
      if (!match?.[1] || settled) return;
      settled = true;
      clearTimeout(timer);
      resolveUrl(match[1]);
    });
    child.once('exit', (code) => fail(`exited with ${code}`));
  });
  return {
    url,
    pid: child.pid!,
    child,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
