import { parseArgs } from 'node:util';
import { openStore } from '../../store/index.ts';
import { defaultDataDir } from '../data-dir.ts';
import { UsageError } from '../usage-error.ts';

const date = (ms: number | null): string =>
  ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** `model-gateway token create NAME | list | revoke NAME`: local access tokens, one per tool. */
export async function tokenCommand(args: string[]): Promise<void> {
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
        process.stdout.write(
          `${t.name.padEnd(20)} ${t.prefix}…  created ${date(t.createdAt)}  last used ${date(t.lastUsedAt)}  ${state}\n`,
        );
      }
    } else if (action === 'revoke') {
      if (!name) throw new UsageError('token revoke NAME');
      if (!store.tokens.revoke(name)) throw new UsageError(`No active token named '${name}'.`);
      process.stdout.write(`Token '${name}' revoked.\n`);
    } else {
      throw new UsageError('token create NAME | token list | token revoke NAME');
    }
  } finally {
    store.close();
  }
}
