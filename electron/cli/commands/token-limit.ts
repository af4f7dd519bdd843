import { parseArgs } from 'node:util';
import { NO_LIMITS } from '../../../shared/no-limits.ts';
import { openStore } from '../../store/index.ts';
import { defaultDataDir } from '../data-dir.ts';
import { limitsTable } from '../describe-limits.ts';
import { applyLimitFlags, changesLimits } from '../limit-flags.ts';
import { storeInput } from '../store-input.ts';
import { InputError, UsageError } from '../usage-error.ts';

/**
 * `model-gateway token limit NAME [flags]`: sets the given budgets and limits of an active token,
 * keeping the others, and prints them all; with no flags, only prints them. A running gateway on
 * the same data dir applies the change within a second.
 */
export async function tokenLimitCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'daily-usd': { type: 'string' },
      'weekly-usd': { type: 'string' },
      'monthly-usd': { type: 'string' },
      rpm: { type: 'string' },
      tpm: { type: 'string' },
      models: { type: 'string' },
      'then-route': { type: 'string' },
      clear: { type: 'boolean' },
    },
  });
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0)
    throw new UsageError('token limit NAME [--daily-usd N] [--rpm N] … : name one token.');
  const store = openStore(values['data-dir'] ?? defaultDataDir());
  try {
    const token = store.tokens.list().find((t) => t.name === name && t.revokedAt === null);
    if (!token)
      throw new InputError(
        `No active token named '${name}'. \`model-gateway token list\` shows them.`,
      );
    const current = { ...NO_LIMITS, ...store.tokenLimits.get(token.id) };
    if (changesLimits(values)) {
      // Every flag is read before anything is written: one bad value changes nothing.
      const next = applyLimitFlags(current, values);
      if (next.thenRoute !== null && !store.modelRoutes.get(next.thenRoute))
        throw new InputError(
          `--then-route: no route named '${next.thenRoute}'. Create it first with \`model-gateway route add ${next.thenRoute} MODEL...\`.`,
        );
      storeInput(() => store.tokenLimits.set(token.id, next));
    }
    process.stdout.write(
      limitsTable(token.name, { ...NO_LIMITS, ...store.tokenLimits.get(token.id) }),
    );
  } finally {
    store.close();
  }
}
