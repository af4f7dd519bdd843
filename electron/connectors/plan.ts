import { createTwoFilesPatch } from 'diff';
import type { ConfigFile, Connector, Endpoint } from './connector.ts';
import { FORMATS, sameValue, withValue, type KeyPath } from './formats.ts';
import { undoLines } from './undo-lines.ts';

/** The text of each of a connector's files by role; null: the file does not exist. */
export type Texts = Record<string, string | null>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fileOf(connector: Connector, role: string): ConfigFile {
  const file = connector.files.find((f) => f.role === role);
  if (!file) throw new Error(`${connector.id}: no file with role '${role}'`);
  return file;
}

/** Throws ConfigFileError (naming the file as `shown`) for an existing file its tool would refuse. */
export function checkTexts(connector: Connector, texts: Texts, shown: (f: ConfigFile) => string) {
  for (const file of connector.files) {
    const text = texts[file.role];
    if (text != null) FORMATS[file.format].check(text, shown(file));
  }
}

/** The files after connecting: our keys set, everything else as it was. */
export function planConnect(
  connector: Connector,
  texts: Texts,
  endpoint: Endpoint,
  models: Record<string, string>,
): Texts {
  const out: Texts = { ...texts };
  for (const entry of connector.entries(endpoint, models)) {
    const format = FORMATS[fileOf(connector, entry.role).format];
    out[entry.role] = format.set(out[entry.role] ?? null, entry.path, entry.value);
  }
  return out;
}

type Format = (typeof FORMATS)[keyof typeof FORMATS];

/**
 * `text` with the value of `path` put back as `original` wrote it (its quotes, spacing and
 * comment), when that is all it changes; else set to `was` by the format.
 */
function restore(format: Format, text: string, path: KeyPath, original: string, was: unknown) {
  const now = format.span(text, path);
  const then = format.span(original, path);
  if (now && then) {
    const put = text.slice(0, now[0]) + original.slice(then[0], then[1]) + text.slice(now[1]);
    try {
      if (sameValue(format.value(put), withValue(format.value(text), path, was))) return put;
    } catch {
      // Not a file the format reads: set the value instead.
    }
  }
  return format.set(text, path, was);
}

/**
 * The file after disconnecting when it changed since we wrote it: each key of ours goes back to
 * its value in the original (`original`, null when there was no file) or, when the original did
 * not have it, is removed, with the parents we created for it if they are now empty.
 *
 * With `written` (the line hashes of what connect wrote), connect's change is first undone line
 * by line (undo-lines.ts), which gives back the original's bytes around the edits made since;
 * that is kept when it means the same as taking the keys out one by one, the way used otherwise.
 */
export function planRemove(
  connector: Connector,
  role: string,
  text: string,
  original: string | null,
  written?: readonly string[],
): string {
  const format = FORMATS[fileOf(connector, role).format];
  const byKeys = removeKeys(connector, format, role, text, original);
  const byLines = written ? undoLines(written, original ?? '', text) : null;
  if (byLines === null) return byKeys;
  try {
    return sameValue(format.value(byLines), format.value(byKeys)) ? byLines : byKeys;
  } catch {
    return byKeys;
  }
}

function removeKeys(
  connector: Connector,
  format: Format,
  role: string,
  text: string,
  original: string | null,
): string {
  const before = (path: KeyPath): unknown =>
    original === null ? undefined : format.get(original, path);
  let out = text;
  for (const { path } of connector.owned.filter((o) => o.role === role)) {
    const was = before(path);
    if (was !== undefined) {
      out = restore(format, out, path, original!, was);
      continue;
    }
    if (format.get(out, path) === undefined) continue;
    out = format.unset(out, path);
    for (let depth = path.length - 1; depth > 0; depth--) {
      const parent = path.slice(0, depth);
      const value = format.get(out, parent);
      if (!isRecord(value) || Object.keys(value).length > 0 || before(parent) !== undefined) break;
      out = format.unset(out, parent);
    }
  }
  return out;
}

/** Whether the files point the tool at a gateway (ours or set up by hand the same way). */
export function hasMarker(connector: Connector, texts: Texts): boolean {
  const marker = connector.marker;
  if (!marker) return false;
  const text = texts[marker.role];
  if (text == null) return false;
  try {
    return FORMATS[fileOf(connector, marker.role).format].get(text, marker.path) !== undefined;
  } catch {
    return false;
  }
}

/** A unified diff of one file, `/dev/null` standing for a file that does not exist. */
export function unifiedDiff(shown: string, before: string | null, after: string | null): string {
  return createTwoFilesPatch(
    before === null ? '/dev/null' : shown,
    after === null ? '/dev/null' : shown,
    before ?? '',
    after ?? '',
    undefined,
    undefined,
    { context: 3 },
  );
}
