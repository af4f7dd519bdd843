import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * Checks values the Anthropic encoders wrote against @anthropic-ai/sdk's own
 * types, the reference for the wire format. Each value is written as an object literal typed
 * with the SDK type and compiled with `tsc`, so unknown keys (excess property checks), missing
 * required fields and wrong enum strings are all errors. One `tsc` run checks every value.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

type AnthropicShape = 'message' | 'event' | 'error' | 'request';

export interface AnthropicValue {
  label: string;
  shape: AnthropicShape;
  value: unknown;
}

const TYPE_NAMES: Record<AnthropicShape, string> = {
  message: 'Message',
  event: 'RawMessageStreamEvent',
  error: 'ErrorResponse',
  request: 'MessageCreateParams',
};

const PRELUDE = `import type { Message, MessageCreateParams, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ErrorResponse } from '@anthropic-ai/sdk/resources/shared';
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
  files: ['values.ts'],
};

/** The type errors of every value, each prefixed with its label (empty when all conform). */
export async function anthropicTypeErrors(values: AnthropicValue[]): Promise<string[]> {
  const base = join(ROOT, 'test-results');
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(join(base, 'anthropic-types-'));
  try {
    const preludeLines = PRELUDE.split('\n').length - 1;
    const lines = values.map(
      ({ shape, value }, i) =>
        `export const v${i}: ${TYPE_NAMES[shape]} = ${JSON.stringify(value)};`,
    );
    await writeFile(join(dir, 'values.ts'), PRELUDE + lines.join('\n') + '\n');
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
