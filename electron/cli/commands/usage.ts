import { parseArgs } from 'node:util';
import type { UsageDimension } from '../../../shared/contract.ts';
import { parseSince } from '../parse-since.ts';
import { UsageError } from '../usage-error.ts';
import { openExistingStore } from './open-data.ts';

const ESTIMATE_NOTE =
  'Costs are estimates from the upstream’s tariffs; the upstream’s balance and usage history are authoritative.';

const usd = (n: number): string => `$${n < 0.01 && n > 0 ? n.toFixed(6) : n.toFixed(4)}`;

/** `--by` as the command line spells it → the store's dimension. */
const DIMENSIONS = {
  day: 'day',
  model: 'model',
  token: 'token',
  route: 'route',
  'model-route': 'modelRoute',
} as const satisfies Record<string, UsageDimension>;

const isDimension = (by: string): by is keyof typeof DIMENSIONS => Object.hasOwn(DIMENSIONS, by);

/**
 * `model-gateway usage`: totals and a breakdown by day, model, token, route (the format path)
 * or model route (the named route a request asked for).
 */
export async function usageCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      by: { type: 'string', default: 'day' },
      json: { type: 'boolean', default: false },
      since: { type: 'string' },
    },
  });
  const by = values.by;
  if (!isDimension(by))
    throw new UsageError(`--by is day, model, token, route or model-route, not '${by}'.`);
  const range = values.since ? { from: parseSince(values.since) } : {};
  const store = openExistingStore(values['data-dir']);
  try {
    const totals = store.usage.usageTotals(range);
    const rows = store.usage.usageBy({ ...range, by: DIMENSIONS[by] });
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ by, totals, rows, note: ESTIMATE_NOTE }, null, 2)}\n`,
      );
      return;
    }
    const table = [
      [by, 'requests', 'errors', 'input', 'output', 'cached', 'reasoning', 'cost (est.)'],
    ];
    for (const r of rows) {
      table.push([
        r.key,
        String(r.requests),
        String(r.errors),
        String(r.inputTokens),
        String(r.outputTokens),
        String(r.cachedTokens),
        String(r.reasoningTokens),
        usd(r.costUsd),
      ]);
    }
    table.push([
      'total',
      String(totals.requests),
      String(totals.errors),
      String(totals.inputTokens),
      String(totals.outputTokens),
      String(totals.cachedTokens),
      String(totals.reasoningTokens),
      usd(totals.costUsd),
    ]);
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const lines = table.map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
    process.stdout.write(`${lines.join('\n')}\n\n${ESTIMATE_NOTE}\n`);
    if (totals.estimatedRequests > 0)
      process.stdout.write(
        `${totals.estimatedRequests} request(s) had no usage from the upstream; their tokens are estimated.\n`,
      );
  } finally {
    store.close();
  }
}
