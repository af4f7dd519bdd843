/**
 * Loaded into a gateway process with `--import` (the gateway itself is not changed; see
 * sample-heap.ts):
 * answers the parent's `sample` message over the IPC channel with the process's memory after a
 * full garbage collection (`--expose-gc`), so a growing heap shows as a trend, not as GC noise.
 */
import { getHeapSpaceStatistics } from 'node:v8';

const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: unknown) => {
  if (message !== 'sample') return;
  gc?.();
  // V8 frees ArrayBuffer backing stores (Buffers) on a background thread after a GC, and counts
  // them in `external` until then: a second GC a moment later sees them gone.
  setTimeout(() => {
    gc?.();
    report();
  }, 50);
});

function report(): void {
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [
      s.space_name,
      { size: s.space_size, used: s.space_used_size },
    ]),
  );
  process.send?.({ probe: 'memory', gcRan: gc !== undefined, ...process.memoryUsage(), spaces });
}
// The IPC channel must not keep a gateway alive that is shutting down.
process.channel?.unref();
