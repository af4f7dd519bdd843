/**
 * How replies are cut into stream chunks. Each piece is one output token, so a
 * streamed reply and its non-streamed twin report the same usage, and the pieces
 * concatenate back to the exact text.
 */
export function splitWords(text: string): string[] {
  return text === '' ? [] : text.split(/(?<= )/);
}

/** Cuts after spaces and structural characters: JSON output still arrives in several chunks. */
export function splitJson(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=[ ,{[])/);
}

/** Tool-call arguments always arrive in at least two fragments, as real streams do. */
export function splitArguments(json: string): string[] {
  const pieces = json.split(/(?<=[:,{])/);
  if (pieces.length >= 2 || json.length < 2) return pieces;
  const half = Math.ceil(json.length / 2);
  return [json.slice(0, half), json.slice(half)];
}

/** Collapses whitespace and cuts to `max` UTF-16 units without splitting a surrogate pair. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let cut = flat.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}
