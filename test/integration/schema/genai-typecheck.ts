import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * Gemini has no published JSON schema; `@google/genai`'s types are the reference. Captured
 * bodies are written as object literals typed with them and compiled with `tsc`, so unknown
 * keys (excess property checks) and wrong enum strings are errors.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

type GenaiShape = 'response' | 'error';

export interface GenaiValue {
  label: string;
  shape: GenaiShape;
  value: unknown;
}

const TYPE_NAMES: Record<GenaiShape, string> = { response: 'ResponseBody', error: 'ErrorBody' };

/**
 * `GenerateContentResponse` is a class whose getters (`text`, …) are no wire fields, and its
 * enums are TypeScript string enums, which refuse the plain strings JSON has: `Wire` turns each
 * enum into the union of its values.
 */
const PRELUDE = `import type { GenerateContentResponse } from '@google/genai';
type Getters = 'text' | 'data' | 'functionCalls' | 'executableCode' | 'codeExecutionResult' | 'initialPromptTokenCount';
type Wire<T> = T extends string ? \`\${T}\` : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
type ResponseBody = Wire<Omit<GenerateContentResponse, Getters>>;
interface ErrorBody { error: { code: number; message: string; status: string; details?: { '@type': string; [key: string]: unknown }[] } }
`;

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
  files: ['bodies.ts'],
};

/**
 * The type errors of every value, each prefixed with its label; one `tsc` run for all of them
 * (it takes seconds). The file sits under test-results/ so `@google/genai` resolves from the
 * project's node_modules.
 */
export async function genaiTypeErrors(values: GenaiValue[]): Promise<string[]> {
  const dir = await mkdtemp(join(ROOT, 'test-results', 'genai-types-'));
  try {
    const preludeLines = PRELUDE.split('\n').length - 1;
    const lines = values.map(
      ({ shape, value }, i) =>
        `export const v${i}: ${TYPE_NAMES[shape]} = ${JSON.stringify(value)};`,
    );
    await writeFile(join(dir, 'bodies.ts'), PRELUDE + lines.join('\n') + '\n');
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
      {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return stdout;
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    if (typeof stdout === 'string' && stdout !== '') return stdout;
    throw error;
  }
}

/** `bodies.ts(12,34): error TS2322: …` lines, with their indented continuation lines. */
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
