import type { CanonicalResponse } from '../canonical/canonical-response.ts';

/** How much an answer generated, in characters: the basis of a usage estimate. */
export function outputChars(response: CanonicalResponse): number {
  let chars = 0;
  for (const part of response.parts) {
    if ('text' in part) chars += part.text.length;
    else if (part.type === 'tool-call') chars += part.name.length + part.arguments.length;
  }
  return chars;
}
