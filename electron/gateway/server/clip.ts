/**
 * A client-supplied value quoted in an error message or the log, cut to a readable length: a
 * megabyte model name must not come back as a megabyte error or sit in every log row.
 */
export function clip(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
