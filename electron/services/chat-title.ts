const MAX_TITLE_LENGTH = 60;

/**
 * One line of Markdown as the plain text a reader sees: block markers (heading, quote, list),
 * emphasis, inline code and link syntax go; the words stay. A title is shown as plain text,
 * so `**Fix** the [parser](url)` must not appear with its asterisks and brackets.
 */
function plainLine(line: string): string {
  return line
    .replace(/^(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)+/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?!\w)/g, '$1$2')
    .trim();
}

/** Lines that carry no words of their own: code fences and horizontal rules. */
const isDecoration = (line: string): boolean => /^(?:`{3,}|~{3,}|[-*_]{3,}$)/.test(line);

/** A conversation's title from its first message: the first line, shortened at a word break. */
export function titleFrom(content: string): string {
  const line =
    content
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => !isDecoration(l))
      .map(plainLine)
      .find((l) => l.length > 0) ?? '';
  if (line.length <= MAX_TITLE_LENGTH) return line;
  const cut = line.slice(0, MAX_TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  // A break too early would leave a stub; a long word is cut mid-word instead.
  return `${(space > MAX_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
