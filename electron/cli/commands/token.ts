import { parseArgs } from 'node:util';
import { openStore } from '../../store/index.ts';
import { defaultDataDir } from '../data-dir.ts';
import { limitsSummary } from '../describe-limits.ts';
import { UsageError } from '../usage-error.ts';
import { tokenLimitCommand } from './token-limit.ts';

const date = (ms: number | null): string =>
  ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

const TOKEN_USAGE =
  'token create NAME | token list | token revoke NAME | token limit NAME [--daily-usd N] …';

/**
 * `model-gateway token create NAME | list | revoke NAME | limit NAME …`: local access tokens, one
 * per tool, and their budgets and limits.
 */
export async function tokenCommand(args: string[]): Promise<void> {
  // Its own flags: the budgets and limits it sets.
  if (args[0] === 'limit') return tokenLimitCommand(args.slice(1));
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' } },
  });
  const [action, name] = positionals;
  const store = openStore(values['data-dir'] ?? defaultDataDir());
  try {
    if (action === 'create') {
      if (!name)
        throw new UsageError('token create NAME: name the tool that will use it, e.g. "editor".');
      const { token, info } = store.tokens.create(name);
      process.stderr.write(`Token '${info.name}' created. It is shown once; copy it now:\n`);
      process.stdout.write(`${token}\n`);
    } else if (action === 'list') {
      const rows = store.tokens.list();
      if (rows.length === 0)
        process.stdout.write('No tokens yet. Create one with `model-gateway token create NAME`.\n');
      for (const t of rows) {
        const state = t.revokedAt === null ? 'active' : `revoked ${date(t.revokedAt)}`;
        const limits = t.revokedAt === null ? limitsSummary(store.tokenLimits.get(t.id)) : '-';
        // The row of requests sent without a token has no prefix to show.
        const prefix = t.withoutToken ? '(no token)    ' : `${t.prefix}…`;
        process.stdout.write(
          `${t.name.padEnd(20)} ${prefix}  created ${date(t.createdAt)}  last used ${date(t.lastUsedAt)}  ${state.padEnd(23)}  limits ${limits}\n`,
        );
      }
    } else if (action === 'revoke') {
      if (!name) throw new UsageError('token revoke NAME');
      if (!store.tokens.revoke(name)) throw new UsageError(`No active token named '${name}'.`);
      process.stdout.write(`Token '${name}' revoked.\n`);
    } else {
      throw new UsageError(TOKEN_USAGE);
    }
  } finally {
    store.close();
  }
}
