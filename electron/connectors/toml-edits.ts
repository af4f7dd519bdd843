import { parseDocument, stringify } from '@decimalturn/toml-patch';
import type { KeyPath } from './formats.ts';
import {
  eolOf,
  isBlank,
  lineEnd,
  lineStart,
  offsetAt,
  removeLines,
  splitLines,
} from './text-lines.ts';

/*
 * Where a new key goes in a TOML file, and how exactly it comes out again.
 *
 * toml-patch's `patch` places a key it adds after the last entry of the root, and the comment
 * heading the first [table] counts as such an entry: the gateway's keys landed between that
 * comment and its table, and a new provider went in as a dotted key there too. Removing a key,
 * it takes the comment directly above along (its "comment ownership"), which was the user's.
 * So new keys and tables are written here as whole lines, at line boundaries found with the
 * positions of toml-patch's own syntax tree, and taken out the same way; toml-patch still
 * renders every key and value, and the caller checks each result with toml-patch's parser
 * (and falls back to `patch`) so a case these rules do not cover can only look worse, never
 * mean something else.
 */

interface Position {
  line: number;
  column: number;
}
interface SyntaxNode {
  type: string;
  loc: { start: Position; end: Position };
}
interface KeyValueNode extends SyntaxNode {
  type: 'KeyValue';
  key: SyntaxNode & { value: string[] };
  value: SyntaxNode & { items?: { item: SyntaxNode }[] };
}
interface TableNode extends SyntaxNode {
  type: 'Table' | 'TableArray';
  key: SyntaxNode & { item: { value: string[] } };
  items: SyntaxNode[];
}

const isKeyValue = (node: SyntaxNode): node is KeyValueNode => node.type === 'KeyValue';
const isTable = (node: SyntaxNode): node is TableNode =>
  node.type === 'Table' || node.type === 'TableArray';

const samePath = (a: KeyPath, b: KeyPath): boolean =>
  a.length === b.length && a.every((key, i) => key === b[i]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The document's top-level items with their positions (line 1-based, column 0-based UTF-16),
 * from toml-patch's concrete syntax tree: `TomlDocument.cst`, which its typings mark internal.
 * The version is pinned; if the shape ever differs, null sends the caller to plain `patch`.
 */
function syntaxItems(text: string): SyntaxNode[] | null {
  try {
    const items = (parseDocument(text) as unknown as { cst: unknown }).cst;
    return Array.isArray(items) && items.every((n) => typeof (n as SyntaxNode)?.loc === 'object')
      ? (items as SyntaxNode[])
      : null;
  } catch {
    return null;
  }
}

const offsetOf = (text: string, at: Position) => offsetAt(text, at.line, at.column);

/** A key as TOML writes it (bare, or quoted when it must be), rendered by toml-patch. */
function renderKey(key: string): string {
  const line = stringify({ [key]: 0 });
  return line.slice(0, line.lastIndexOf(' = 0'));
}

/** The key-value at `path`: at the root, in a [table] section, or inside inline tables. */
function findKeyValue(
  items: SyntaxNode[],
  path: KeyPath,
): { node: KeyValueNode; inline: boolean } | null {
  const search = (
    nodes: SyntaxNode[],
    prefix: KeyPath,
    inline: boolean,
  ): { node: KeyValueNode; inline: boolean } | null => {
    for (const node of nodes.filter(isKeyValue)) {
      const full = [...prefix, ...node.key.value];
      if (samePath(full, path)) return { node, inline };
      if (full.length < path.length && samePath(full, path.slice(0, full.length))) {
        const inner = (node.value.items ?? []).map((i) => i.item).filter(Boolean);
        const found = search(inner, full, true);
        if (found) return found;
      }
    }
    return null;
  };
  const root = search(items, [], false);
  if (root) return root;
  for (const table of items.filter((n) => n.type === 'Table') as TableNode[]) {
    const found = search(table.items, table.key.item.value, false);
    if (found) return found;
  }
  return null;
}

/** Where the value at `path` is written: [start, end) offsets, or null. */
export function tomlSpan(text: string, path: KeyPath): readonly [number, number] | null {
  const items = syntaxItems(text);
  const found = items && findKeyValue(items, path);
  return found
    ? [offsetOf(text, found.node.value.loc.start), offsetOf(text, found.node.value.loc.end)]
    : null;
}

/**
 * A new top-level key goes right after the last top-level key (top-level keys come before the
 * first table), or, when there is none, at the top: below a leading comment that a blank line
 * sets apart from what follows (it heads nothing), above anything else, with a blank line
 * after it. Never between a comment and the table it heads.
 */
function insertRootKey(text: string, items: SyntaxNode[], key: string, value: unknown): string {
  const eol = eolOf(text);
  const line = stringify({ [key]: value }, { newLine: eol });
  const firstTable = items.findIndex(isTable);
  const root = firstTable === -1 ? items : items.slice(0, firstTable);
  const lastKey = root.filter(isKeyValue).at(-1);
  if (lastKey) {
    const at = lineEnd(text, offsetOf(text, lastKey.loc.end));
    if (at === text.length && !text.endsWith('\n'))
      return `${text}${eol}${line.slice(0, -eol.length)}`;
    return text.slice(0, at) + line + text.slice(at);
  }
  const lines = splitLines(text);
  let comments = 0;
  while (comments < lines.length && /^[ \t]*#/.test(lines[comments]!)) comments++;
  const detached = comments > 0 && comments < lines.length && isBlank(lines[comments]!);
  const at = detached ? lines.slice(0, comments + 1).join('').length : 0;
  // Always the blank line when something follows (even a blank line): taking the key out
  // takes one blank line with it.
  const rest = text.slice(at);
  return text.slice(0, at) + line + (rest === '' ? '' : eol) + rest;
}

/** A new table goes at the end of the file as a `[a.b]` section, after a blank line. */
function appendTable(text: string, path: KeyPath, value: Record<string, unknown>): string {
  const eol = eolOf(text);
  // inlineTableStart 0: tables inside the value stay inline, in this one section.
  const block = `[${path.map(renderKey).join('.')}]${eol}${stringify(value, { newLine: eol, inlineTableStart: 0 })}`;
  if (text === '') return block;
  // The blank line before it even after blank lines: taking the table out takes one with it.
  if (!text.endsWith('\n')) return `${text}${eol}${eol}${block.slice(0, -eol.length)}`;
  return text + eol + block;
}

/**
 * The text with `path` (absent from it) set to `value` by the rules above, or null when they do
 * not cover the case (a key inside an existing table, say): the caller then uses `patch`.
 */
export function tomlInsert(text: string, path: KeyPath, value: unknown): string | null {
  const items = syntaxItems(text);
  if (!items) return null;
  if (isRecord(value)) return appendTable(text, path, value);
  if (path.length === 1) return insertRootKey(text, items, path[0]!, value);
  return null;
}

/**
 * The text without `path`: a [table] of exactly that key loses its header and its keys (not
 * the comments below its last key: they head what follows) and the blank line set before it;
 * a key loses its line(s), with a trailing comment on them. A top-level key alone in its
 * paragraph at the top takes the blank line below it. Null when the key is elsewhere (inside
 * an inline table): the caller then uses `patch`.
 */
export function tomlRemove(text: string, path: KeyPath): string | null {
  const items = syntaxItems(text);
  if (!items) return null;
  const table = items.find(
    (n): n is TableNode => n.type === 'Table' && samePath((n as TableNode).key.item.value, path),
  );
  if (table) {
    const last = table.items.filter(isKeyValue).at(-1) ?? table.key;
    const start = lineStart(text, offsetOf(text, table.loc.start));
    return removeLines(text, start, lineEnd(text, offsetOf(text, last.loc.end)), true);
  }
  const found = findKeyValue(items, path);
  if (!found || found.inline) return null;
  const from = offsetOf(text, found.node.loc.start);
  const start = lineStart(text, from);
  if (!isBlank(text.slice(start, from))) return null;
  let end = lineEnd(text, offsetOf(text, found.node.loc.end));
  const above = start === 0 || isBlank(text.slice(lineStart(text, start - 1), start));
  const below = text.slice(end, lineEnd(text, end));
  if (above && below !== '' && isBlank(below)) end = lineEnd(text, end);
  return removeLines(text, start, end);
}
