import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * Checks JSON values against an SDK's TypeScript types, where the SDK's types are the
 * reference for a wire format. Each value is written as an object literal typed with the named
 * type and compiled with `tsc`, so unknown keys (excess property checks), missing required
 * fields and wrong enum strings are all errors. One `tsc` run checks every value (it takes
 * seconds). The file sits under test-results/ so the SDK resolves from the project's
 * node_modules.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

export interface TypedValue<Shape extends string> {
  label: string;
  shape: Shape;
  value: unknown;
}

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: 'ES2023',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
  },
  files: ['values.ts'],
};

/**
 * The type errors of every value, each prefixed with its label (empty when all conform).
 * `prelude` imports or declares the types `typeNames` names for each shape.
 */
export async function typeErrorsOf<Shape extends string>(
  prelude: string,
  typeNames: Readonly<Record<Shape, string>>,
  values: readonly TypedValue<Shape>[],
): Promise<string[]> {
  const base = join(ROOT, 'test-results');
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(join(base, 'typed-literals-'));
  try {
    const preludeLines = prelude.split('\n').length - 1;
    const lines = values.map(
      ({ shape, value }, i) =>
        `export const v${i}: ${typeNames[shape]} = ${JSON.stringify(value)};`,
    );
    await writeFile(join(dir, 'values.ts'), prelude + lines.join('\n') + '\n');
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const output = await runTsc(dir);
    return diagnostics(output).map(({ line, text }) => {
      const value = values[line - preludeLines - 1];
      return `${value ? value.label : `line ${line}`}: ${text}`;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** tsc exits non-zero on type errors; its report is on stdout either way. */
async function runTsc(dir: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [TSC, '-p', dir, '--pretty', 'false'],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
    return stdout;
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    if (typeof stdout === 'string' && stdout !== '') return stdout;
    throw error;
  }
}

/** `values.ts(12,34): error TS2322: …` lines, with their indented continuation lines. */
function diagnostics(output: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (const raw of output.split('\n')) {
    const match = /^.*?\((\d+),\d+\): (error .*)$/.exec(raw);
    const last = found.at(-1);
    if (match) found.push({ line: Number(match[1]), text: match[2] ?? '' });
    else if (raw.trim() === '') continue;
    else if (last) last.text += ` ${raw.trim()}`;
    else found.push({ line: 0, text: raw.trim() });
  }
  return found;
}
