import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runSoak, type SoakReport } from './soak.ts';

/**
 * The long form of the reliability suite:
 *
 *   npx node test/reliability/long-run.ts [--rounds N] [--concurrency N] [--skip-suite]
 *
 * 1. the vitest suite with RELIABILITY_LONG=1 (bigger bodies and events, deeper nesting, more
 *    repeats and timing trials; see scale.ts);
 * 2. a soak: every upstream fault × every format pair against a real gateway process, round
 *    after round, with bad-input bursts between rounds.
 *
 * Prints a report and writes it to test-results/reliability-long.json; exits 1 on any failure.
 */
const REPO = resolve(import.meta.dirname, '../..');
/** Terminal colour codes in vitest's output. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    'skip-suite': { type: 'boolean', default: false },
  },
});

function runSuite(): Promise<{ ok: boolean; seconds: number; summary: string }> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        join(REPO, 'node_modules/vitest/vitest.mjs'),
        'run',
        'test/reliability',
        // Long sizes and repeat counts outgrow the default 20 s per test.
        '--testTimeout=900000',
        '--hookTimeout=120000',
      ],
      {
        cwd: REPO,
        env: { ...process.env, RELIABILITY_LONG: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stderr.write(d);
    });
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    // Bounded like everything else: the long suite gets 30 minutes.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30 * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const plain = out.replace(ANSI_COLOUR, '');
      const summary = plain
        .split('\n')
        .filter((l) => /Test Files|Tests /.test(l))
        .map((l) => l.trim())
        .join('; ');
      done({ ok: code === 0, seconds: (Date.now() - started) / 1000, summary });
    });
  });
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

function soakProblems(report: SoakReport): string[] {
  const problems: string[] = [];
  const sent = report.requests + report.badInputRequests;
  if (report.records !== sent) problems.push(`${report.records} log records for ${sent} requests`);
  if (report.duplicateRecords > 0) problems.push(`${report.duplicateRecords} duplicate records`);
  if (report.hangs > 0) problems.push(`${report.hangs} requests hung`);
  if (report.upstreamConnectionsAfter !== 0)
    problems.push(`${report.upstreamConnectionsAfter} upstream connections left open`);
  if (report.exitCode !== 0) problems.push(`gateway exited with ${report.exitCode}`);
  const rss = report.rssMb;
  const early = Math.max(...rss.slice(1, 3));
  const late = Math.min(...rss.slice(-2));
  if (late - early > 150)
    problems.push(`RSS grew from ${early.toFixed(0)} to ${late.toFixed(0)} MB`);
  for (const [name, stats] of Object.entries(report.byFault))
    if (stats.failures.length > 0)
      problems.push(`${name}: ${stats.failures.length} failures, e.g. ${stats.failures[0]}`);
  return problems;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const suite = values['skip-suite'] ? null : await runSuite();
log('soak: starting');
const soak = await runSoak({
  rounds: Number(values.rounds),
  concurrency: Number(values.concurrency),
  hugeEventChars: 16 * 1024 * 1024,
  bigBodyBytes: 30 * 1024 * 1024,
  nesting: 1_000_000,
  deadlineMs: 15_000,
  log,
});
const problems = soakProblems(soak);

const lines = [
  '',
  '== Reliability, long form ==',
  suite
    ? `suite (RELIABILITY_LONG=1): ${suite.ok ? 'passed' : 'FAILED'} in ${suite.seconds.toFixed(0)} s — ${suite.summary}`
    : 'suite: skipped',
  `soak: ${soak.requests} fault requests + ${soak.badInputRequests} bad-input requests, ${soak.records} log records (${soak.duplicateRecords} duplicates), ${soak.hangs} hangs, upstream connections left: ${soak.upstreamConnectionsAfter}, exit ${soak.exitCode}`,
  `RSS (MB) per round: ${soak.rssMb.map((m) => m.toFixed(0)).join(' ')}`,
  '',
  'fault               requests  failures  p50 ms  p99 ms',
  ...Object.entries(soak.byFault).map(
    ([name, s]) =>
      `${name.padEnd(20)}${String(s.requests).padStart(8)}${String(s.failures.length).padStart(10)}${String(percentile(s.latenciesMs, 50)).padStart(8)}${String(percentile(s.latenciesMs, 99)).padStart(8)}`,
  ),
  '',
  problems.length === 0 && (suite?.ok ?? true)
    ? 'RESULT: all held'
    : `RESULT: FAILED\n  ${problems.join('\n  ')}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
mkdirSync(join(REPO, 'test-results'), { recursive: true });
writeFileSync(
  join(REPO, 'test-results/reliability-long.json'),
  JSON.stringify({ at: new Date().toISOString(), suite, soak, problems }, null, 2),
);
process.exitCode = problems.length === 0 && (suite?.ok ?? true) ? 0 : 1;
