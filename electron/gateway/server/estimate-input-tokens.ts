import type { TextTokenizer } from '../canonical/output-limits.ts';

/** The text a model reads from a request body: every string in it, tool schemas as JSON. */
function readableText(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) readableText(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) readableText(item, out);
}

/**
 * An estimate of a request's input tokens, for a count the upstream cannot make: the request's
 * text and tool declarations counted with the o200k tokenizer. Model-specific framing tokens are
 * not known, so it is labelled an estimate wherever it is shown.
 */
export function estimateInputTokens(
  body: Record<string, unknown>,
  tokenizer: TextTokenizer,
): number {
  const texts: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (field === 'model') continue;
    if (field === 'tools') texts.push(JSON.stringify(value));
    else readableText(value, texts);
  }
  return tokenizer.count(texts.join('\n'));
}
