const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since 24h`, `7d`, `30m`, `2w`, or a date (`2026-11-01`, ISO time): epoch milliseconds. */
export function parseSince(value: string, now = Date.now()): number {
  const relative = /^(\d+)\s*([mhdw])$/i.exec(value.trim());
  if (relative) return now - Number(relative[1]) * UNIT_MS[relative[2]!.toLowerCase()]!;
  const date = Date.parse(value);
  if (Number.isNaN(date))
    throw new Error(`--since takes 30m, 24h, 7d, 2w or a date, not '${value}'.`);
  return date;
}
