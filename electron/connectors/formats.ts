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

/** A key inside a config file: object keys from the root (one name for a `.env` file). */
export type KeyPath = readonly string[];

/**
 * A config file's syntax, edited in place: every function keeps the rest of the text (comments,
 * order, spacing) as it was and changes only the keys it is given.
 */
interface FileFormat {
  /** Throws ConfigFileError when the text is not a valid file of this kind. */
  check(text: string, file: string): void;
  get(text: string, path: KeyPath): unknown;
  set(text: string | null, path: KeyPath, value: unknown): string;
  unset(text: string, path: KeyPath): string;
}

/** An existing config file the tool's own parser would refuse: it is left untouched. */
export class ConfigFileError extends Error {
  readonly file: string;
  constructor(file: string, problem: string) {
    super(`${file} is not valid: ${problem}. Nothing was changed; fix the file and try again.`);
    this.name = 'ConfigFileError';
    this.file = file;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

// JSON, comments allowed (Claude Code, Gemini CLI and OpenCode all accept JSONC).

const JSON_PARSE = { allowTrailingComma: true, disallowComments: false } as const;

function jsonFormatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

const jsonFormat: FileFormat = {
  check(text, file) {
    const errors: ParseError[] = [];
    const tree = parseTree(text, errors, JSON_PARSE);
    const first = errors[0];
    if (first)
      throw new ConfigFileError(
        file,
        `${printParseErrorCode(first.error)} at line ${lineOf(text, first.offset)}`,
      );
    if (tree !== undefined && tree.type !== 'object')
      throw new ConfigFileError(file, 'its top level is not an object');
  },
  get(text, path) {
    const tree = parseTree(text, [], JSON_PARSE);
    const node = tree && findNodeAtLocation(tree, [...path]);
    return node === undefined ? undefined : (getNodeValue(node) as unknown);
  },
  set(text, path, value) {
    const base = text === null || text.trim() === '' ? '{}\n' : text;
    return editJson(base, modify(base, [...path], value, {}), jsonFormatting(base));
  },
  unset(text, path) {
    return editJson(text, modify(text, [...path], undefined, {}), jsonFormatting(text));
  },
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

function walk(root: Record<string, unknown>, path: KeyPath, create: boolean) {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!isRecord(next)) {
      if (!create) return undefined;
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
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
  get(text, path) {
    const parent = walk(tomlObject(text), path, false);
    return parent?.[path.at(-1)!];
  },
  set(text, path, value) {
    if (text === null || text.trim() === '') {
      const doc: Record<string, unknown> = {};
      walk(doc, path, true)![path.at(-1)!] = value;
      return `${text ?? ''}${stringifyToml(doc)}`;
    }
    const doc = tomlObject(text);
    walk(doc, path, true)![path.at(-1)!] = value;
    return patchToml(text, doc);
  },
  unset(text, path) {
    const doc = tomlObject(text);
    const parent = walk(doc, path, false);
    if (!parent || !(path.at(-1)! in parent)) return text;
    delete parent[path.at(-1)!];
    return patchToml(text, doc);
  },
};

// A `.env` file (Gemini CLI's ~/.gemini/.env): KEY=VALUE lines; other lines stay as they are.

const envLine = (key: string) =>
  new RegExp(
    `^[ \\t]*(?:export[ \\t]+)?${key.replace(/[^A-Za-z0-9_]/g, '')}[ \\t]*=([^\\r\\n]*)$`,
    'm',
  );

const unquote = (raw: string): string => {
  const value = raw.trim();
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value.replace(/[ \t]+#.*$/, '');
};

const envFormat: FileFormat = {
  check(text, file) {
    text.split(/\r?\n/).forEach((line, i) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      if (!/^(?:export\s+)?[A-Za-z_][A-Za-z0-9_.-]*\s*=/.test(trimmed))
        throw new ConfigFileError(file, `line ${i + 1} is not KEY=VALUE`);
    });
  },
  get(text, path) {
    const match = envLine(path[0]!).exec(text);
    return match ? unquote(match[1]!) : undefined;
  },
  set(text, path, value) {
    const line = `${path[0]}=${String(value)}`;
    const current = text ?? '';
    const re = envLine(path[0]!);
    if (re.test(current)) return current.replace(re, line);
    const eol = current.includes('\r\n') ? '\r\n' : '\n';
    const sep = current === '' || current.endsWith('\n') ? '' : eol;
    return `${current}${sep}${line}${eol}`;
  },
  unset(text, path) {
    const re = new RegExp(`${envLine(path[0]!).source}(?:\\r?\\n)?`, 'm');
    return text.replace(re, '');
  },
};

export const FORMATS = { json: jsonFormat, toml: tomlFormat, env: envFormat } as const;
export type FormatName = keyof typeof FORMATS;
