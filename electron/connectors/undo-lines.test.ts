import { describe, expect, it } from 'vitest';
import { lineHashes, undoLines } from './undo-lines.ts';

/** Connect's change in these: `ours` lines added after `a`, `b` changed to `B`. */
const ORIGINAL = 'a\nb\nc\n';
const WRITTEN = 'a\nours 1\nours 2\nB\nc\n';
const undo = (current: string) => undoLines(lineHashes(WRITTEN), ORIGINAL, current);

describe('undoLines', () => {
  it('with nothing changed since, gives back the original', () => {
    expect(undo(WRITTEN)).toBe(ORIGINAL);
  });

  it('keeps edits on other lines, and lines added next to connect’s', () => {
    expect(undo('a\nours 1\nours 2\nB\nc changed\n')).toBe('a\nb\nc changed\n');
    expect(undo('new top\na\nours 1\nours 2\nB\nc\nnew end\n')).toBe('new top\na\nb\nc\nnew end\n');
    expect(undo('a\nours 1\nours 2\nB\nmine\nc\n')).toBe('a\nb\nmine\nc\n');
  });

  it('gives up when an edit touches the lines connect wrote', () => {
    expect(undo('a\nours 1\nmine\nours 2\nB\nc\n')).toBeNull();
    expect(undo('a\nours 1\nours 2\nB by hand\nc\n')).toBeNull();
    // Between lines connect added and one it changed: one change to undo, so it gives up too.
    expect(undo('a\nours 1\nours 2\nmine\nB\nc\n')).toBeNull();
  });

  it('connect’s change undone by hand already is not undone twice', () => {
    expect(undo(ORIGINAL)).toBe(ORIGINAL);
    expect(undo('a\nb\nc\nmine\n')).toBe('a\nb\nc\nmine\n');
  });

  it('moves an insertion over equal lines to where it does not touch connect’s change', () => {
    // `x` added after `x`: the diff may place it inside connect's lines; it fits after them.
    const original = 'x\n';
    const written = 'x\nours\n';
    expect(undoLines(lineHashes(written), original, 'x\nours\nx\n')).toBe('x\nx\n');
  });

  it('keeps line endings and a last line without one as they are', () => {
    const original = 'a\r\nb';
    const written = 'a\r\nb\r\nours';
    expect(undoLines(lineHashes(written), original, 'a changed\r\nb\r\nours')).toBe(
      'a changed\r\nb',
    );
  });

  it('keeps hashes, not the text: the token is not in them', () => {
    const hashes = lineHashes('experimental_bearer_token = "mgw_secret"\n');
    expect(hashes).toHaveLength(1);
    expect(JSON.stringify(hashes)).not.toContain('mgw_secret');
  });
});
