/**
 * V8 flags for any process that runs the gateway. They must be given when the process starts
 * (`v8.setFlagsFromString` later has no effect on the heap's layout), so every way of starting
 * the gateway passes them: `npm start` (both modes), the `serve`/`demo` npm scripts and the
 * bin's shebang, and the benchmark.
 *
 * By default V8 sizes the young generation from the machine's memory (128 MB of new space on
 * a 24 GiB machine) and it stays at its maximum under load, which put 1,000 open streams at
 * about 250 MB resident; with 8 MB semi-spaces they take under 200 MB for about 5 % more CPU
 * per request (bench/FINDINGS.md #3).
 */
export const GATEWAY_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/** The same flags as Electron takes them for its main process (only at launch). */
export const electronJsFlags = (): string => `--js-flags=${GATEWAY_V8_FLAGS.join(' ')}`;
