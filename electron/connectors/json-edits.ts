import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { KeyPath } from './formats.ts';
import { eolOf, lineEnd, lineStart } from './text-lines.ts';

/*
 * Where a new property goes in a JSON(C) file, and how exactly it comes out again.
 *
 * jsonc-parser's `modify` puts a new property right after the last one's value, on its line:
 * after the comma of a trailing-comma object, it lands between the user's property and the
 * comment trailing it (`"b": 2, // note` became `"b": 2,` then ours with `// note`). Removing,
 * it takes everything from the previous property's end, comments included. So properties are
 * written here as whole lines, at line boundaries found with jsonc-parser's node offsets, and
 * taken out the same way; the caller checks each result with jsonc-parser and falls back to
 * `modify` for layouts these rules do not cover (a one-line object with properties, say).
 */

const PARSE = { allowTrailingComma: true, disallowComments: false } as const;

/** From `offset`, past spaces, an optional comma and a comment ending on the same line. */
function restOfLine(text: string, offset: number): { comma: number | null; end: number } | null {
  let i = offset;
  const spaces = () => {
    while (text[i] === ' ' || text[i] === '\t') i++;
  };
  spaces();
  const comma = text[i] === ',' ? i : null;
  if (comma !== null) i++;
  spaces();
  if (text.startsWith('//', i))
    i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
  else if (text.startsWith('/*', i)) {
    const close = text.indexOf('*/', i);
    if (close === -1 || text.slice(i, close).includes('\n')) return null;
    i = close + 2;
    spaces();
  }
  if (text[i] === '\r') i++;
  if (i < text.length && text[i] !== '\n') return null;
  return { comma, end: lineEnd(text, i) };
}

const indentOf = (text: string, offset: number): string | null => {
  const prefix = text.slice(lineStart(text, offset), offset);
  return /^[ \t]*$/.test(prefix) ? prefix : null;
};

function render(key: string, value: unknown, indent: string, unit: string, eol: string): string {
  const json = JSON.stringify(value, null, unit)
    .split('\n')
    .join(eol + indent);
  return `${indent}${JSON.stringify(key)}: ${json}`;
}

const nest = (path: KeyPath, value: unknown): unknown =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

/**
 * The text with `path` (absent from it) set to `value`, as a new property of the nearest
 * object that exists: on its own line right after that object's last property (a comment
 * trailing that property stays with it; a trailing-comma object gets one after ours too), or,
 * in an empty object, on a line of its own before the closing brace. Null for other layouts.
 */
export function jsonInsert(
  text: string,
  path: KeyPath,
  value: unknown,
  unit: string,
): string | null {
  const tree = parseTree(text, [], PARSE);
  if (!tree) return null;
  // The nearest object on the path that exists (the root at worst) gets the new property.
  let depth = path.length - 1;
  let parent: Node | undefined = findNodeAtLocation(tree, [...path.slice(0, depth)]);
  while (!parent && depth > 0) parent = findNodeAtLocation(tree, [...path.slice(0, --depth)]);
  if (parent?.type !== 'object') return null;
  const key = path[depth]!;
  const inner = nest(path.slice(depth + 1), value);
  const eol = eolOf(text);
  const last = parent.children?.at(-1);
  if (last) {
    const indent = indentOf(text, last.offset);
    const rest = restOfLine(text, last.offset + last.length);
    if (indent === null || rest === null) return null;
    const line = `${render(key, inner, indent, unit, eol)}${rest.comma !== null ? ',' : ''}${eol}`;
    const end = last.offset + last.length;
    const withComma = rest.comma !== null ? text : `${text.slice(0, end)},${text.slice(end)}`;
    const at = rest.end + (rest.comma !== null ? 0 : 1);
    return withComma.slice(0, at) + line + withComma.slice(at);
  }
  const open = parent.offset;
  const close = parent.offset + parent.length - 1;
  const base = /^[ \t]*/.exec(text.slice(lineStart(text, open)))![0];
  const line = render(key, inner, base + unit, unit, eol);
  const between = text.slice(open + 1, close);
  if (!between.includes('\n')) {
    if (between.trim() !== '') return null;
    return `${text.slice(0, open + 1)}${eol}${line}${eol}${base}${text.slice(close)}`;
  }
  const closeLine = lineStart(text, close);
  if (indentOf(text, close) === null) return null;
  return text.slice(0, closeLine) + line + eol + text.slice(closeLine);
}

/**
 * The text without `path`, when its property has lines of its own: those lines go (with a
 * comment trailing it), and the comma its insertion added to the property before it. An
 * object left with nothing but blanks inside closes up to `{}`. Null for other layouts.
 */
export function jsonRemove(text: string, path: KeyPath): string | null {
  const tree = parseTree(text, [], PARSE);
  const property = tree && findNodeAtLocation(tree, [...path])?.parent;
  const object = property?.parent;
  if (property?.type !== 'property' || object?.type !== 'object') return null;
  if (indentOf(text, property.offset) === null) return null;
  const rest = restOfLine(text, property.offset + property.length);
  if (rest === null) return null;
  const siblings = object.children ?? [];
  const index = siblings.indexOf(property);
  const start = lineStart(text, property.offset);
  let out = text.slice(0, start) + text.slice(rest.end);
  const previous = siblings[index - 1];
  if (index === siblings.length - 1 && rest.comma === null && previous) {
    const after = restOfLine(out, previous.offset + previous.length);
    if (after?.comma != null) out = out.slice(0, after.comma) + out.slice(after.comma + 1);
  }
  if (siblings.length === 1) {
    const open = object.offset;
    const close = out.indexOf('}', open);
    if (close !== -1 && /^\s*$/.test(out.slice(open + 1, close)))
      out = `${out.slice(0, open + 1)}${out.slice(close)}`;
  }
  return out;
}

/** Where the value at `path` is written: [start, end) offsets, or null. */
export function jsonSpan(text: string, path: KeyPath): readonly [number, number] | null {
  const tree = parseTree(text, [], PARSE);
  const node = tree && findNodeAtLocation(tree, [...path]);
  return node ? [node.offset, node.offset + node.length] : null;
}
