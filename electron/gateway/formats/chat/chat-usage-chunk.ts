/** Cheap pre-check: only a chunk with an empty `choices` list can be the usage chunk. */
const USAGE_ONLY = /"choices"\s*:\s*\[\s*\]/;

/** The extra chunk that `stream_options.include_usage` adds: empty choices plus totals. */
export function isChatUsageOnlyChunk(data: string): boolean {
  if (data === '[DONE]') return false;
  if (!USAGE_ONLY.test(data)) return false;
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
