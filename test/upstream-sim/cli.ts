import { parseArgs } from 'node:util';
import { SIM_KEYS } from './keys.ts';
import { startSimulator } from './server.ts';

/**
 * `--port N` (default 9000), `--host H` (default 127.0.0.1), `--model-fault MODEL=MARKERS`
 * (repeatable: fault markers for every request to that model) and `--relay-models N` (list N
 * more models, as a relay with a big catalog does). Prints exactly one
 * line to stdout, so scripts can read the URL, and the keys to stderr.
 */
export async function runSimulatorCli(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'model-fault': { type: 'string', multiple: true, default: [] },
      'relay-models': { type: 'string', default: '0' },
    },
    strict: true,
  });
  const port = values.port === undefined ? 9000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, got '${values.port}'`);
  }
  const relayModels = Number(values['relay-models']);
  if (!Number.isInteger(relayModels) || relayModels < 0) {
    throw new Error(`--relay-models must be a whole number, got '${values['relay-models']}'`);
  }
  const modelFaults: Record<string, string> = {};
  for (const spec of values['model-fault']) {
    const at = spec.indexOf('=');
    if (at <= 0) throw new Error(`--model-fault is MODEL=MARKERS, got '${spec}'`);
    modelFaults[spec.slice(0, at)] = spec.slice(at + 1);
  }
  const sim = await startSimulator({
    port,
    host: values.host ?? '127.0.0.1',
    modelFaults,
    relayModels,
  });
  process.stdout.write(`Simulator listening on ${sim.url}\n`);
  process.stderr.write(
    `keys: full=${SIM_KEYS.full} limited=${SIM_KEYS.limited} broke=${SIM_KEYS.broke}\n`,
  );
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) {
  runSimulatorCli(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
