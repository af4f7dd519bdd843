import { parseArgs } from 'node:util';
import type { LogFilter } from '../../store/index.ts';
import { parseSince } from '../parse-since.ts';
import { UsageError } from '../usage-error.ts';
import { openExistingStore } from './open-data.ts';

/** `model-gateway logs`: the request log as JSONL or CSV on stdout, oldest first. */
export async function logsCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      format: { type: 'string', default: 'jsonl' },
      since: { type: 'string' },
      model: { type: 'string' },
      client: { type: 'string' },
      status: { type: 'string' },
    },
  });
  const format = values.format;
  if (format !== 'jsonl' && format !== 'csv')
    throw new UsageError(`--format is jsonl or csv, not '${format}'.`);
  const filter: LogFilter = {
    ...(values.since ? { from: parseSince(values.since) } : {}),
    ...(values.model ? { model: values.model } : {}),
    ...(values.client ? { client: values.client } : {}),
    ...(values.status
      ? {
          status:
            values.status === 'ok' || values.status === 'error'
              ? values.status
              : Number(values.status),
        }
      : {}),
  };
  const store = openExistingStore(values['data-dir']);
  try {
    store.requestLog.exportLog(format, filter, (chunk) => process.stdout.write(chunk));
  } finally {
    store.close();
  }
}
