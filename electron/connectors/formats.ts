import {
  parse as parseToml,
  patch as patchToml,
  stringify as stringifyToml,
} from '@decimalturn/toml-patch';
import {
  applyEdits,
  findNodeAtLocation,
  format,
  getNodeValue,
  modify,
  parseTree,
  printParseErrorCode,
  type Edit,
  type FormattingOptions,
  type ParseError,
} from 'jsonc-parser';
import { jsonInsert, jsonRemove, jsonSpan } from './json-edits.ts';
import { eolOf, lineEnd, removeLines } from './text-lines.ts';
import { tomlInsert, tomlRemove, tomlSpan } from './toml-edits.ts';
import { errorText, TextedError, type ErrorText } from '../../shared/error-text.ts';

/** A key inside a config file: object keys from the root (one name for a `.env` file). */
export type KeyPath = readonly string[];

/**
 * A config file's syntax, edited in place: every function keeps the rest of the text (comments,
 * order, spacing) as it was and changes only the keys it is given.
 */
interface FileFormat {
  /** Throws ConfigFileError when the text is not a valid file of this kind. */
  check(text: string, file: string): void;
  /** What the whole file says, to compare two texts by meaning; throws when it does not parse. */
  value(text: string): unknown;
  get(text: string, path: KeyPath): unknown;
  /**
   * A key that exists gets the new value in place; a new one goes where it splits nothing the
   * user wrote (see json-edits.ts and toml-edits.ts), as whole lines.
   */
  set(text: string | null, path: KeyPath, value: unknown): string;
  /** Takes out the key's own lines, and no comment or blank line of the user's around them. */
  unset(text: string, path: KeyPath): string;
  /** Where the value of `path` is written in the text, as [start, end) offsets; null if absent. */
  span(text: string, path: KeyPath): readonly [number, number] | null;
}

/** An existing config file the tool's own parser would refuse: it is left untouched. */
export class ConfigFileError extends TextedError {
  readonly file: string;
  declare readonly i18n: ErrorText;
  constructor(file: string, problem: string, i18n?: ErrorText) {
    super(
      `${file} is not valid: ${problem}. Nothing was changed; fix the file and try again.`,
      i18n ?? errorText('tools.errors.configInvalid', { file, problem }),
    );
    this.name = 'ConfigFileError';
    this.file = file;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/**
 * Whether two parsed values say the same: deep equality that ignores prototypes (toml-patch's
 * tables have none) and the order of keys, and compares dates by their time and kind.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date || b instanceof Date)
    return (
      a instanceof Date &&
      b instanceof Date &&
      a.constructor === b.constructor &&
      Object.is(a.getTime(), b.getTime())
    );
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameValue(item, b[i]))
    );
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/**
 * `root` (a parsed file, left as it is) with `path` set to `value`, its missing parents created;
 * or, when `value` is undefined, without `path`.
 */
export function withValue(root: unknown, path: KeyPath, value: unknown): Record<string, unknown> {
  const copy = (node: unknown): Record<string, unknown> => (isRecord(node) ? { ...node } : {});
  const out = copy(root);
  let node = out;
  for (const key of path.slice(0, -1)) {
    if (value === undefined && !isRecord(node[key])) return out;
    const next = copy(node[key]);
    node[key] = next;
    node = next;
  }
  if (value === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return out;
}

/** `edited` when it parses to `expected`; else null (the caller then asks the library). */
function ifMeans(format: FileFormat, edited: string | null, expected: unknown): string | null {
  if (edited === null) return null;
  try {
    return sameValue(format.value(edited), expected) ? edited : null;
  } catch {
    return null;
  }
}

// JSON, comments allowed (Claude Code, Gemini CLI and OpenCode all accept JSONC).

const JSON_PARSE = { allowTrailingComma: true, disallowComments: false } as const;

function jsonFormatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

function jsonIndentUnit(text: string): string {
  const options = jsonFormatting(text);
  return options.insertSpaces ? ' '.repeat(options.tabSize ?? 2) : '\t';
}

const jsonFormat: FileFormat = {
  check(text, file) {
    const errors: ParseError[] = [];
    const tree = parseTree(text, errors, JSON_PARSE);
    const first = errors[0];
    if (first) {
      const problem = printParseErrorCode(first.error);
      const line = lineOf(text, first.offset);
      throw new ConfigFileError(
        file,
        `${problem} at line ${line}`,
        errorText('tools.errors.configSyntax', { file, problem, line }),
      );
    }
    if (tree !== undefined && tree.type !== 'object')
      throw new ConfigFileError(
        file,
        'its top level is not an object',
        errorText('tools.errors.configNotObject', { file }),
      );
  },
  value(text) {
    const errors: ParseError[] = [];
    const tree = parseTree(text, errors, JSON_PARSE);
    if (errors.length > 0) throw new Error(printParseErrorCode(errors[0]!.error));
    return tree === undefined ? undefined : (getNodeValue(tree) as unknown);
  },
  get(text, path) {
    const tree = parseTree(text, [], JSON_PARSE);
    const node = tree && findNodeAtLocation(tree, [...path]);
    return node === undefined ? undefined : (getNodeValue(node) as unknown);
  },
  set(text, path, value) {
    const base = text === null || text.trim() === '' ? '{}\n' : text;
    const inPlace = () => editJson(base, modify(base, [...path], value, {}), jsonFormatting(base));
    if (jsonFormat.get(base, path) !== undefined) return inPlace();
    const expected = withValue(jsonFormat.value(base), path, value);
    return (
      ifMeans(jsonFormat, jsonInsert(base, path, value, jsonIndentUnit(base)), expected) ??
      inPlace()
    );
  },
  unset(text, path) {
    const expected = withValue(jsonFormat.value(text), path, undefined);
    return (
      ifMeans(jsonFormat, jsonRemove(text, path), expected) ??
      editJson(text, modify(text, [...path], undefined, {}), jsonFormatting(text))
    );
  },
  span: jsonSpan,
};

/**
 * Applies jsonc-parser's edits and formats only the text they put in. (With formatting options,
 * `modify` reformats whole lines around an edit, and so the user's neighbouring keys too.)
 */
function editJson(text: string, edits: Edit[], options: FormattingOptions): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
    out = applyEdits(out, [edit]);
    if (edit.content.length === 0) continue;
    out = applyEdits(
      out,
      format(out, { offset: edit.offset, length: edit.content.length }, options),
    );
  }
  return out;
}

// TOML (Codex), through toml-patch: it re-renders only the keys whose values changed.

function tomlObject(text: string): Record<string, unknown> {
  return parseToml(text) as Record<string, unknown>;
}

function parentOf(root: Record<string, unknown>, path: KeyPath) {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!isRecord(next)) return undefined;
    node = next;
  }
  return node;
}

/**
 * toml-patch's message is "Error parsing TOML (2, 5):", the line quoted, a caret, then the
 * reason: said here as the reason and where, in the words the JSON files' errors use.
 */
function tomlErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { line, column } = error as Error & { line?: unknown; column?: unknown };
  const reason = error.message.split('\n').at(-1)?.trim() || error.message;
  return typeof line === 'number' && typeof column === 'number'
    ? `${reason} at line ${line}, column ${column + 1}`
    : reason;
}

const tomlFormat: FileFormat = {
  check(text, file) {
    try {
      tomlObject(text);
    } catch (error) {
      throw new ConfigFileError(file, tomlErrorText(error));
    }
  },
  value: tomlObject,
  get(text, path) {
    const parent = parentOf(tomlObject(text), path);
    return parent?.[path.at(-1)!];
  },
  set(text, path, value) {
    const base = text ?? '';
    const expected = withValue(tomlObject(base), path, value);
    if (tomlFormat.get(base, path) === undefined) {
      const inserted = ifMeans(tomlFormat, tomlInsert(base, path, value), expected);
      if (inserted !== null) return inserted;
    }
    if (base.trim() === '') return `${base}${stringifyToml(expected)}`;
    // An existing key: toml-patch re-renders only the values that changed.
    return patchToml(base, expected);
  },
  unset(text, path) {
    if (tomlFormat.get(text, path) === undefined) return text;
    const expected = withValue(tomlObject(text), path, undefined);
    return ifMeans(tomlFormat, tomlRemove(text, path), expected) ?? patchToml(text, expected);
  },
  span: tomlSpan,
};

// A `.env` file (Gemini CLI's ~/.gemini/.env): KEY=VALUE lines; other lines stay as they are.

const ENV_LINE = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=([^\r\n]*)$/;

/** A key's line: [1] what comes before its value (`export KEY=`), [2] the rest of the line. */
const envLine = (key: string) =>
  new RegExp(
    `^([ \\t]*(?:export[ \\t]+)?${key.replace(/[^A-Za-z0-9_]/g, '')}[ \\t]*=)([^\\r\\n]*)$`,
    'm',
  );

/** The value itself within what follows `=`: a quoted string, else up to a ` #` comment. */
function envValueBounds(raw: string): readonly [number, number] {
  const lead = raw.length - raw.trimStart().length;
  const rest = raw.slice(lead);
  const quoted = /^(["'])[^\r\n]*?\1/.exec(rest);
  if (quoted) return [lead, lead + quoted[0].length];
  const comment = /[ \t]+#/.exec(rest);
  return [lead, lead + (comment ? rest.slice(0, comment.index) : rest).trimEnd().length];
}

const unquote = (raw: string): string => {
  const value = raw.slice(...envValueBounds(raw));
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
};

const envFormat: FileFormat = {
  check(text, file) {
    text.split(/\r?\n/).forEach((line, i) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      if (!/^(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=/.test(trimmed))
        throw new ConfigFileError(
          file,
          `line ${i + 1} is not KEY=VALUE`,
          errorText('tools.errors.configNotKeyValue', { file, line: i + 1 }),
        );
    });
  },
  value(text) {
    envFormat.check(text, '.env');
    const out: Record<string, string> = {};
    for (const line of text.split(/\r?\n/)) {
      const match = ENV_LINE.exec(line);
      if (match && !Object.hasOwn(out, match[1]!)) out[match[1]!] = unquote(match[2]!);
    }
    return out;
  },
  get(text, path) {
    const match = envLine(path[0]!).exec(text);
    return match ? unquote(match[2]!) : undefined;
  },
  span(text, path) {
    const match = envLine(path[0]!).exec(text);
    if (!match) return null;
    const at = match.index + match[1]!.length;
    const [start, end] = envValueBounds(match[2]!);
    return [at + start, at + end];
  },
  /** An existing key gets the new value in its place (`export`, spacing and comment kept). */
  set(text, path, value) {
    const current = text ?? '';
    const span = envFormat.span(current, path);
    if (span) return current.slice(0, span[0]) + String(value) + current.slice(span[1]);
    const line = `${path[0]}=${String(value)}`;
    const eol = eolOf(current);
    if (current === '') return `${line}${eol}`;
    // A file without a final newline stays without one.
    return current.endsWith('\n') ? `${current}${line}${eol}` : `${current}${eol}${line}`;
  },
  unset(text, path) {
    const match = envLine(path[0]!).exec(text);
    return match ? removeLines(text, match.index, lineEnd(text, match.index)) : text;
  },
};

export const FORMATS = { json: jsonFormat, toml: tomlFormat, env: envFormat } as const;
export type FormatName = keyof typeof FORMATS;
