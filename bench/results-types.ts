import type { BurstResult } from './burst.ts';
import type { FloorResult } from './floor.ts';
import type { InstructionCount } from './instructions.ts';
import type { ChunkCostResult } from './stream-chunks.ts';
import type { LatencyResult } from './latency.ts';
import type { OpenStreamsResult } from './open-streams-memory.ts';
import type { PolicyCostResult } from './policy-cost.ts';
import type { LoggedRequests } from './policy-fixture.ts';
import type { PolicyLatencyResult } from './policy-latency.ts';
import type { ProfileScenario } from './profile.ts';
import type { SoakResult } from './soak.ts';
import type { SyscallCount } from './syscalls.ts';
import type { ThroughputResult } from './throughput.ts';
import type { TtfbResult } from './streams-ttfb.ts';

export interface RunMeta {
  date: string;
  node: string;
  cpus: string;
  cpuCount: number;
  memoryGiB: number;
  kernel: string;
  commit: string;
  seconds: number;
  /** The simulator's and the idle gateway's RSS before any load, bytes. */
  simulatorIdleRss: number;
  gatewayIdleRss: number;
  /** Share of the machine (all cores) other processes used, per measured phase, 0..1. */
  load: { phase: string; other: number }[];
}

export const RESULTS_VERSION = 2;

/** Routes and budgets (issue 24): what applying them costs a request, in-process and over HTTP. */
export interface PolicyResult {
  cost: PolicyCostResult;
  latency: PolicyLatencyResult;
  /** What the HTTP series' gateway logged per token and route: each series went where meant. */
  logged: LoggedRequests[];
}

/** Everything one default run measured; written as results.json next to the report. */
export interface BenchResults {
  /** Bumped when the shape changes: an older results.json is not re-rendered. */
  version: typeof RESULTS_VERSION;
  meta: RunMeta;
  latency: LatencyResult[];
  /** Routes and budgets; absent in results from before they were measured. */
  policy?: PolicyResult;
  throughput: ThroughputResult[];
  /** The no-logic reference proxy: what any extra hop costs here. */
  floor: FloorResult;
  ttfb: TtfbResult[];
  /** Streams opened at once (issue 14); absent in results from before it was measured. */
  burst?: BurstResult;
  /** The same bursts through the no-logic reference proxy (200 streams), for scale. */
  burstFloor?: BurstResult;
  chunks: ChunkCostResult[];
  openStreams: OpenStreamsResult[];
  profile: ProfileScenario[];
  /** Null where strace is missing (or with --no-profile). */
  syscalls: SyscallCount[] | null;
  /** Instructions per request under callgrind; null where valgrind is missing (or --no-profile). */
  instructions?: InstructionCount[] | null;
}

/** The last soak (`--soak`), kept in its own file because the default run does not redo it. */
export type SoakRecord = SoakResult & { date: string; commit: string };
