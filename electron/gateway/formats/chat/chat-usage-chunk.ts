import { memberValue } from '../skim-json.ts';

/**
 * Cheap pre-check, on every chunk of a metered stream: only a chunk with a member `usage`
 * holding an object can be the usage chunk (a text chunk's usage is `null` or absent). Every
 * such member is looked at, wherever it is, so the check cannot miss one.
 */
function holdsUsageObject(data: string): boolean {
  for (let at = memberValue(data, 'usage"'); at !== -1; at = memberValue(data, 'usage"', at))
    if (data.charCodeAt(at) === 0x7b) return true;
  return false;
}

/** The extra chunk that `stream_options.include_usage` adds: empty choices plus totals. */
export function isChatUsageOnlyChunk(data: string): boolean {
  if (data === '[DONE]' || !holdsUsageObject(data)) return false;
  try {
    const chunk = JSON.parse(data) as { choices?: unknown; usage?: unknown };
    return (
      Array.isArray(chunk.choices) &&
      chunk.choices.length === 0 &&
      typeof chunk.usage === 'object' &&
      chunk.usage !== null
    );
  } catch {
    return false;
  }
}
