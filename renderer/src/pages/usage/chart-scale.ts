/** A value axis from 0 to a round number at or above `max`, with about `count` even steps. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  // Rounded so that 0.1 + 0.2 style sums do not print as 0.30000000000000004.
  for (let i = 0; i * step < max + step / 2 && ticks.length <= count + 1; i += 1) {
    ticks.push(Number((i * step).toPrecision(12)));
  }
  if ((ticks.at(-1) ?? 0) < max) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}

/** Every how many bars a time label fits, given the room per bar and per label. */
export function labelEvery(bars: number, width: number, labelWidth: number): number {
  if (bars <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil((labelWidth * bars) / width));
}
