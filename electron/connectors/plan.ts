import { createTwoFilesPatch } from 'diff';
import type { ConfigFile, Connector, Endpoint } from './connector.ts';
import { FORMATS, type KeyPath } from './formats.ts';

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

/**
 * The file after disconnecting when it changed since we wrote it: each key of ours goes back to
 * its value in the original (`original`, null when there was no file) or, when the original did
 * not have it, is removed, with the parents we created for it if they are now empty.
 */
export function planRemove(
  connector: Connector,
  role: string,
  text: string,
  original: string | null,
): string {
  const format = FORMATS[fileOf(connector, role).format];
  const before = (path: KeyPath): unknown =>
    original === null ? undefined : format.get(original, path);
  let out = text;
  for (const { path } of connector.owned.filter((o) => o.role === role)) {
    const was = before(path);
    if (was !== undefined) {
      out = format.set(out, path, was);
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
