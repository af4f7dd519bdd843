import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, type Store } from '../../store/index.ts';
import { defaultDataDir } from '../data-dir.ts';
import { UsageError } from '../usage-error.ts';

/** Opens the store of an existing data dir for the read-only commands (logs, usage). */
export function openExistingStore(dataDir: string | undefined): Store {
  const dir = dataDir ?? defaultDataDir();
  if (!existsSync(join(dir, 'gateway.sqlite')))
    throw new UsageError(`No gateway data in ${dir}. Give --data-dir, the folder \`serve\` used.`);
  return openStore(dir);
}
