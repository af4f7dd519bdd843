/** What every measurement shares: credentials for the local services and the run's sizes. */

/** The simulator's full-scope key (SIM_KEYS.full), given to the gateway as its upstream key. */
export const SIM_KEY = 'sim-key-full-0001';
/** The local token the benchmark's gateway accepts (MODEL_GATEWAY_TOKEN). */
export const GATEWAY_TOKEN = 'mgw_bench_token_0123456789abcdef';

/**
 * The default run's sizes, chosen so `npm run bench` ends in about five minutes on two cores
 * while every number is still a median over repeated rounds.
 */
export const SIZES = {
  latency: { rounds: 5, warmup: 200, samples: 800 },
  /** Routes and budgets: `planRequest` timed in this process, then four series over HTTP. */
  policy: {
    /** Blocks of calls per case, the cases alternated block by block, after untimed warm-up blocks. */
    cost: { blockSize: 1000, blocks: 100, warmupBlocks: 5 },
    /** Per round: warm-up rounds of the four requests, then the samples (each series once per round of four). */
    latency: { rounds: 7, warmup: 200, samples: 1000 },
  },
  throughput: {
    concurrency: [1, 16, 32, 64, 256],
    /** Concurrency 32 and 64 carry targets: more rounds there, single rounds elsewhere. */
    roundsAt: (c: number): number => (c === 32 || c === 64 ? 3 : 1),
    // autocannon runs whole seconds (its clock ticks once a second): 1 s warm-up, 1 s measured.
    warmupSeconds: 1,
    seconds: (_c: number): number => 1,
  },
  ttfb: { rounds: 3, warmup: 20, samples: 100 },
  chunks: { rounds: 3, warmup: 2, samples: 5, words: 2000 },
  openStreams: {
    streams: 1000,
    chunkIntervalMs: 500,
    words: 8,
    /** A stream that has not begun this long after the last one was opened has stalled. */
    firstChunkWithinMs: 5000,
    /** Nor may it go silent between two chunks for longer than this (10 intervals). */
    maxGapMs: 5000,
  },
  burst: {
    sizes: [50, 200, 1000],
    /** Bursts are short; the largest is repeated less (1,000 streams take a few seconds). */
    roundsAt: (n: number): number => (n >= 1000 ? 2 : 5),
    /** The burst the CPU profile repeats. */
    profiled: 200,
  },
  /** Under valgrind a request costs ~50 times its time: a warm-up for the JIT, then the count. */
  instructions: { warmup: 12000, requests: 1000, concurrency: 8 },
  profile: { seconds: 6, concurrency: 64 },
  soak: { sampleEverySeconds: 10, concurrency: 16 },
} as const;
