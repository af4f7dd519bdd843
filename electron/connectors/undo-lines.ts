import { createHash } from 'node:crypto';
import { diffArrays } from 'diff';
import { splitLines } from './text-lines.ts';

/*
 * Undoing a connect line by line, keeping the edits made since: a three-way merge whose base is
 * the file as connect wrote it, one side the original (connect's change undone) and the other
 * the file now (the user's edits). Where the two changed different lines, both changes apply;
 * where they touched the same lines, it gives up (null) and the caller takes the keys out one
 * by one instead.
 *
 * The file as written is known by a hash of each line, not by its text: one of its lines holds
 * the token. Truncated SHA-256 is plenty to tell lines apart, and says nothing of a token.
 */

const hashLine = (line: string): string =>
  createHash('sha256').update(line).digest('hex').slice(0, 16);

/** What connect keeps of the text it wrote: a hash of each line (its line ending included). */
export const lineHashes = (text: string): string[] => splitLines(text).map(hashLine);

/** One change from the base: its lines `[start, end)` replaced by `lines`. */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

/** The changes from `base` (hashes) to `text`, and each base line's text where it is unchanged. */
function changes(base: readonly string[], text: string) {
  const lines = splitLines(text);
  const hunks: Hunk[] = [];
  const kept = new Map<number, string>();
  let at = 0;
  let line = 0;
  for (const part of diffArrays([...base], lines.map(hashLine))) {
    const count = part.value.length;
    if (!part.added && !part.removed) {
      for (let i = 0; i < count; i++) kept.set(at + i, lines[line + i]!);
      at += count;
      line += count;
      continue;
    }
    // A removal and an addition next to each other are one change.
    const last = hunks.at(-1);
    const target = last && last.end === at ? last : { start: at, end: at, lines: [] };
    if (target !== last) hunks.push(target);
    if (part.removed) {
      at += count;
      target.end = at;
    } else {
      target.lines.push(...lines.slice(line, line + count));
      line += count;
    }
  }
  return { hunks, kept };
}

const overlap = (a: Hunk, b: Hunk): boolean =>
  a.start === b.start && a.end === b.end && a.start === a.end
    ? true
    : a.start < b.end && b.start < a.end;

const same = (a: Hunk, b: Hunk): boolean =>
  a.start === b.start &&
  a.end === b.end &&
  a.lines.length === b.lines.length &&
  a.lines.every((line, i) => line === b.lines[i]);

/**
 * The same insertion moved up or down over equal lines (`x` inserted after `x` is also `x`
 * inserted before it): the diff picks one of these places, the merge may need another.
 */
function* placements(hunk: Hunk, unchanged: Map<number, string>): Generator<Hunk> {
  yield hunk;
  if (hunk.start !== hunk.end || hunk.lines.length === 0) return;
  for (const step of [-1, 1]) {
    let lines = hunk.lines;
    let at = hunk.start;
    for (;;) {
      const neighbour = step < 0 ? unchanged.get(at - 1) : unchanged.get(at);
      const edge = step < 0 ? lines.at(-1) : lines[0];
      if (neighbour === undefined || neighbour !== edge) break;
      lines = step < 0 ? [neighbour, ...lines.slice(0, -1)] : [...lines.slice(1), neighbour];
      at += step;
      yield { start: at, end: at, lines };
    }
  }
}

/**
 * `current` with connect's change undone: `written` is the line hashes of what connect wrote,
 * `original` what was there before it. Null when connect's lines and the edits since touch.
 */
export function undoLines(
  written: readonly string[],
  original: string,
  current: string,
): string | null {
  const ours = changes(written, original);
  const theirs = changes(written, current);
  // The base's lines that neither side changed, as text.
  const unchanged = new Map([...theirs.kept].filter(([at]) => ours.kept.has(at)));
  const merged: Hunk[] = [...ours.hunks];
  for (const hunk of theirs.hunks) {
    if (merged.some((h) => same(h, hunk))) continue;
    let placed: Hunk | null = null;
    for (const option of placements(hunk, unchanged))
      if (!merged.some((h) => overlap(h, option))) {
        placed = option;
        break;
      }
    if (!placed) return null;
    merged.push(placed);
  }
  // Insertions before a change that starts at the same line: both stand, the insertion first.
  merged.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  const out: string[] = [];
  let at = 0;
  for (const hunk of merged) {
    for (; at < hunk.start; at++) {
      const line = unchanged.get(at);
      if (line === undefined) return null;
      out.push(line);
    }
    out.push(...hunk.lines);
    at = Math.max(at, hunk.end);
  }
  for (; at < written.length; at++) {
    const line = unchanged.get(at);
    if (line === undefined) return null;
    out.push(line);
  }
  return out.join('');
}
