import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Node flags that load the heap probe (probe.ts) into a process started with an IPC channel;
 * `sampleHeap` then asks it for its memory after a full GC. Used by the benchmark's soak and
 * the reliability suite's memory check: RSS alone swings by tens of MB as the allocator keeps
 * or returns pages, while retained objects show here.
 */
export const HEAP_PROBE_FLAGS: readonly string[] = [
  '--expose-gc',
  '--import',
  join(import.meta.dirname, 'probe.ts'),
];

export interface HeapSample {
  spaces: Record<string, { size: number; used: number }>;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export function sampleHeap(child: ChildProcess, timeoutMs = 10_000): Promise<HeapSample> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`the heap probe did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (message: unknown): void => {
      if ((message as { probe?: string }).probe !== 'memory') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as HeapSample);
    };
    child.on('message', onMessage);
    child.send('sample');
  });
}
