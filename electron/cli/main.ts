import { parseArgs } from 'node:util';
import { closeOnSignals, serveGateway } from './serve-gateway.ts';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

const USAGE = `Usage: model-gateway <command> [options]

Commands:
  serve   Run the gateway headless.
          --host 127.0.0.1  --port 8787 (0 = any free port)  --upstream URL  --data-dir DIR
          Env: MODEL_GATEWAY_UPSTREAM_KEY (required), MODEL_GATEWAY_TOKEN (else one is generated),
               MODEL_GATEWAY_UPSTREAM (instead of --upstream)
  sim     Run the upstream simulator.  --port 9000  --host 127.0.0.1
  demo    Run the simulator and a gateway wired to it: try the gateway without a key.
          --port 8787
  start   What \`npm start\` runs: \`serve\` when MODEL_GATEWAY_UPSTREAM and
          MODEL_GATEWAY_UPSTREAM_KEY are set, else \`demo\`.
`;

class UsageError extends Error {}

function portOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, got '${value}'.`);
  return port;
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      upstream: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const upstreamUrl = values.upstream ?? process.env.MODEL_GATEWAY_UPSTREAM;
  if (!upstreamUrl)
    throw new UsageError(
      'Give the upstream base URL with --upstream URL (or MODEL_GATEWAY_UPSTREAM).',
    );
  const upstreamKey = process.env.MODEL_GATEWAY_UPSTREAM_KEY;
  if (!upstreamKey) throw new UsageError('Set MODEL_GATEWAY_UPSTREAM_KEY to the upstream API key.');
  const served = await serveGateway({
    host: values.host ?? '127.0.0.1',
    port: portOf(values.port, 8787),
    upstreamUrl,
    upstreamKey,
    ...(process.env.MODEL_GATEWAY_TOKEN ? { token: process.env.MODEL_GATEWAY_TOKEN } : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    log,
  });
  if (served.tokenWasGenerated) log(`Local access token (shown once): ${served.token}`);
  process.stdout.write(`Gateway listening on ${served.gateway.url}\n`);
  closeOnSignals(() => served.gateway.close(), log);
}

async function sim(args: string[]): Promise<void> {
  const { runSimulatorCli } = await import('../../test/upstream-sim/cli.ts');
  await runSimulatorCli(args);
}

async function demo(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' } } });
  const { startSimulator, SIM_KEYS } = await import('../../test/upstream-sim/index.ts');
  const simulator = await startSimulator({ chunkDelayMs: 30 });
  const served = await serveGateway({
    host: '127.0.0.1',
    port: portOf(values.port, 8787),
    upstreamUrl: simulator.url,
    upstreamKey: SIM_KEYS.full,
    log,
  });
  const url = served.gateway.url;
  log(`Demo: simulator upstream at ${simulator.url}`);
  log(`Local access token: ${served.token}`);
  log(
    `Try: curl ${url}/v1/chat/completions -H "Authorization: Bearer ${served.token}" -H "Content-Type: application/json" -d '{"model":"sim-chat","messages":[{"role":"user","content":"Hello"}]}'`,
  );
  process.stdout.write(`Gateway listening on ${url}\n`);
  closeOnSignals(async () => {
    await served.gateway.close();
    await simulator.close();
  }, log);
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    if (command === 'serve') await serve(rest);
    else if (command === 'sim') await sim(rest);
    else if (command === 'demo') await demo(rest);
    else if (command === 'start')
      await (process.env.MODEL_GATEWAY_UPSTREAM && process.env.MODEL_GATEWAY_UPSTREAM_KEY
        ? serve(rest)
        : demo(rest));
    else if (command === undefined || command === '--help' || command === 'help')
      process.stdout.write(USAGE);
    else throw new UsageError(`Unknown command '${command}'.`);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof TypeError &&
        'code' in error &&
        String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      log(`model-gateway: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') {
      log(
        `model-gateway: the port is already in use. Pick another with --port (0 = any free port).`,
      );
      process.exit(1);
    }
    throw error;
  }
}
