import { spawn, spawnSync } from 'node:child_process';
import { Client } from 'undici';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, SHORT_PROMPT, type HttpCall } from './pairs.ts';
import { spawnGateway } from './spawn-services.ts';

export interface SyscallCount {
  /** `gateway: chat → chat` or `simulator: chat (direct)`. */
  label: string;
  perRequest: number;
  /** The most frequent syscalls, per request. */
  top: { name: string; perRequest: number }[];
}

const REQUESTS = 1000;

/**
 * System calls per request, counted by `strace -c -f` attached to the process while it answers
 * sequential non-streamed requests. Counts do not depend on how busy the machine is, so they
 * show exactly what each request costs the kernel (socket writes, SQLite's WAL writes and file
 * locks, random bytes). Skipped where strace is not installed or may not attach.
 */
export async function measureSyscalls(
  simulator: { url: string; pid: number },
  log: (line: string) => void,
): Promise<SyscallCount[] | null> {
  if (spawnSync('strace', ['-V']).status !== 0) {
    log('syscalls: strace not found, skipped');
    return null;
  }
  const results: SyscallCount[] = [];
  const pairs = PAIRS.filter(
    (p) =>
      (p.client === 'chat' && p.upstream === 'chat') ||
      (p.client === 'chat' && p.upstream === 'responses'),
  );
  for (const pair of pairs) {
    const gateway = await spawnGateway({ upstream: simulator.url });
    try {
      const call = gatewayCall(gateway.url, pair, { stream: false, prompt: SHORT_PROMPT });
      results.push(await count(`gateway: ${pair.label}`, gateway.pid, call));
    } finally {
      await gateway.stop();
    }
  }
  for (const upstream of ['chat', 'responses'] as const) {
    const call = directCall(simulator.url, upstream, { stream: false, prompt: SHORT_PROMPT });
    results.push(await count(`simulator: ${upstream} (direct)`, simulator.pid, call));
  }
  log('syscalls done');
  return results;
}

async function count(label: string, pid: number, call: HttpCall): Promise<SyscallCount> {
  const client = new Client(call.origin, { pipelining: 1 });
  try {
    for (let i = 0; i < 200; i += 1) expectOk(label, await timedRequest(client, call));
    const strace = spawn('strace', ['-c', '-f', '-p', String(pid)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let report = '';
    strace.stderr.setEncoding('utf8');
    strace.stderr.on('data', (text: string) => (report += text));
    const exited = new Promise<number | null>((resolve) => strace.once('exit', resolve));
    // strace prints "Process N attached" once it is in; give it a moment, bounded.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Batched work (the request log) runs on the next turn or a timer: let the last one land.
    for (let i = 0; i < REQUESTS; i += 1) expectOk(label, await timedRequest(client, call));
    await new Promise((resolve) => setTimeout(resolve, 300));
    strace.kill('SIGINT');
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000)),
    ]);
    if (code === 'timeout') strace.kill('SIGKILL');
    const rows = report
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(
        (f) =>
          f.length >= 5 && /^[\d.]+$/.test(f[0]!) && /^\d+$/.test(f[3]!) && f.at(-1) !== 'total',
      )
      .map((f) => ({ name: f.at(-1)!, calls: Number(f[3]) }));
    const total = rows.reduce((sum, r) => sum + r.calls, 0);
    return {
      label,
      perRequest: total / REQUESTS,
      top: rows
        .sort((a, b) => b.calls - a.calls)
        .slice(0, 8)
        .map((r) => ({ name: r.name, perRequest: r.calls / REQUESTS })),
    };
  } finally {
    await client.close();
  }
}
