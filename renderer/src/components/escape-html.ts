const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML that shows it as written, in an element or a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * As `escapeHtml`, but a character reference already in the text (`&amp;`, `&#106;`) is kept
 * for the browser to read, as Markdown means it to be (marked's own escaping does the same).
 */
export function escapeHtmlKeepingReferences(text: string): string {
  return text.replace(/[<>"']|&(?!#\d{1,7};|#[Xx][a-fA-F0-9]{1,6};|\w+;)/g, (c) => ESCAPES[c] ?? c);
}
