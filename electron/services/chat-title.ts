const MAX_TITLE_LENGTH = 60;

/** A conversation's title from its first message: the first line, shortened at a word break. */
export function titleFrom(content: string): string {
  const line =
    content
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .find((l) => l.length > 0) ?? '';
  if (line.length <= MAX_TITLE_LENGTH) return line;
  const cut = line.slice(0, MAX_TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  // A break too early would leave a stub; a long word is cut mid-word instead.
  return `${(space > MAX_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
