/**
 * Open handles of this process by kind (`Timeout`, `TCPSocketWrap`, ...), to see that faults
 * leave no timer or socket behind: counts must come back to what they were before.
 */
export type HandleCounts = Record<string, number>;

export function handleCounts(): HandleCounts {
  const counts: HandleCounts = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** Kinds whose count is above the baseline's (empty when nothing leaked). */
function excessOver(baseline: HandleCounts, now: HandleCounts): HandleCounts {
  const excess: HandleCounts = {};
  for (const [kind, n] of Object.entries(now))
    if (n > (baseline[kind] ?? 0)) excess[kind] = n - (baseline[kind] ?? 0);
  return excess;
}

/** Polls until no kind exceeds the baseline, or gives up after `timeoutMs` with the excess. */
export async function settleToBaseline(
  baseline: HandleCounts,
  timeoutMs = 3000,
): Promise<HandleCounts> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const excess = excessOver(baseline, handleCounts());
    if (Object.keys(excess).length === 0 || Date.now() > deadline) return excess;
    await new Promise((r) => setTimeout(r, 20));
  }
}
