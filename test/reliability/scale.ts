/**
 * Sizes and repeat counts of the suite. The default (CI) form stays well under a minute in
 * total; `RELIABILITY_LONG=1` turns every knob up. Run the long form through
 * `npx node test/reliability/long-run.ts`, which also gives each test the time it then needs
 * (or by hand: `RELIABILITY_LONG=1 npx vitest run test/reliability --testTimeout=900000`).
 */
export const LONG = process.env.RELIABILITY_LONG === '1';

export const SCALE = LONG
  ? {
      /** Nested arrays in the deep-nesting bodies. */
      nesting: 1_000_000,
      /** The "10 MB" bodies. */
      bigBodyBytes: 30 * 1024 * 1024,
      /** Characters of the one huge SSE event. */
      hugeEventChars: 16 * 1024 * 1024,
      /** Bad requests per burst in the memory check. */
      burst: 200,
      /** Times each client fault is repeated before the leak check. */
      clientFaultRepeats: 50,
      /** Trials per kind in the token timing check. */
      timingTrials: 3000,
      /** Bytes per read when a stream is split across reads (each read costs ~1 ms). */
      splitBytes: 3,
    }
  : {
      nesting: 100_000,
      bigBodyBytes: 10 * 1024 * 1024,
      hugeEventChars: 2 * 1024 * 1024,
      burst: 60,
      clientFaultRepeats: 3,
      timingTrials: 400,
      splitBytes: 61,
    };
