import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { cpuMs } from './proc-stats.ts';

/** Busy CPU time of the whole machine so far, ms (all cores; /proc/stat jiffies at 100 Hz). */
function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}

export interface LoadWatch {
  /** Share of the machine (all cores) used by processes other than ours since the start, 0..1. */
  stop(): { otherShare: number; oursShare: number; seconds: number };
}

/**
 * The benchmark cannot stop other work on the machine (a test run, a build), but it can say
 * how much there was: the machine's busy time minus what this process and the services used.
 */
export function watchLoad(pids: readonly number[]): LoadWatch {
  const t0 = performance.now();
  const busy0 = machineBusyMs();
  const ours0 = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const self0 = process.cpuUsage();
  return {
    stop() {
      const seconds = (performance.now() - t0) / 1000;
      const capacity = seconds * 1000 * cpus().length;
      const self = process.cpuUsage(self0);
      const ours =
        pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - ours0 + (self.user + self.system) / 1000;
      const other = Math.max(0, machineBusyMs() - busy0 - ours);
      return { otherShare: other / capacity, oursShare: ours / capacity, seconds };
    },
  };
}

/** Samples the machine before starting: how busy it is without us, 0..1 of all cores. */
export async function backgroundLoad(seconds = 2): Promise<number> {
  const watch = watchLoad([]);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return watch.stop().otherShare;
}
