import { appCommand } from './commands/app.ts';
import { demoCommand } from './commands/demo.ts';
import { keyCommand } from './commands/key.ts';
import { logsCommand } from './commands/logs.ts';
import { routeCommand } from './commands/route.ts';
import { serveCommand } from './commands/serve.ts';
import { tokenCommand } from './commands/token.ts';
import { toolsCommand } from './commands/tools.ts';
import { usageCommand } from './commands/usage.ts';
import { InputError, UsageError } from './usage-error.ts';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

const USAGE = `Usage: model-gateway <command> [options]

Commands:
  app     Run the app headless: the gateway serves the UI in a browser (address on stderr).
          --host 127.0.0.1  --port (default: the saved setting, 8787; 0 = any free port)
          --data-dir DIR  --home DIR (whose tool config files the Tools page edits).
          --allowed-host NAME (repeatable): a Host name to answer besides loopback ones.
          Works before an upstream is set up: the UI's first-run flow does it.
  serve   Run the gateway headless.
          --host 127.0.0.1  --port 8787 (0 = any free port)  --upstream URL  --data-dir DIR
          --allowed-host NAME (repeatable; adds to MODEL_GATEWAY_ALLOWED_HOSTS)
          Env: MODEL_GATEWAY_UPSTREAM_KEY (else the keychain), MODEL_GATEWAY_TOKEN (a token
               accepted besides the stored ones), MODEL_GATEWAY_UPSTREAM (instead of --upstream)
  demo    The app headless with the built-in simulator as its upstream: try it without a key.
          --port 8787  --data-dir DIR (default: a new temporary folder)
  start   What \`npm start\` runs: \`serve\` when an upstream is configured, else \`demo\`.
  sim     Run the upstream simulator.  --port 9000  --host 127.0.0.1
  logs    Print the request log.  --data-dir DIR  --format jsonl|csv  --since 24h|7d|DATE
          --model M  --client NAME  --status ok|error|CODE
  usage   Tokens and estimated cost.  --data-dir DIR  --by day|model|token|route|model-route
          --json  --since
  token   create NAME | list | revoke NAME   (local access tokens, one per tool)  --data-dir DIR
  token limit NAME [--daily-usd N] [--weekly-usd N] [--monthly-usd N] [--rpm N] [--tpm N]
          [--models a,b] [--then-route ROUTE] [--clear]
          Budgets (USD per day, week, month) and limits (requests and tokens per minute, the
          models and routes allowed) of a token; the others stay. \`none\` clears one
          (--rpm none), --clear all; no flags: print them. --then-route: once a budget is
          spent, requests go to that route instead of being refused.
  route   add NAME MODEL... | set NAME MODEL... | list [--json] | rm NAME   --data-dir DIR
          A name clients send as their model, standing for models tried in order (a model
          may be another route). add/set: --shadow (take a catalog model's name),
          --first-byte-timeout SECONDS, --max-retry-after SECONDS; set replaces the route,
          options left out back to their defaults.
  tools   Which agent tools are installed and connected to the gateway.  --home DIR  --data-dir DIR
  connect TOOL [--model M] [--map SLOT=M] [--dry-run] [--port N]
          Point a tool (claude-code, codex, gemini-cli, opencode, shell) at the gateway with a
          token of its own: edits its config, keeping the rest; --dry-run prints the diff only.
          Without --model, the newest catalog model served in the tool's own format. M may be
          a model route's name as well as a catalog model's.
  disconnect TOOL   Undo connect: the file as it was (only our keys out if it changed since).
  key     set [--upstream URL] [--pricing-url URL] | clear | status   [--profile NAME]
          The upstream key, kept in the OS keychain; \`set\` reads it from stdin.
`;

async function sim(args: string[]): Promise<void> {
  const { runSimulatorCli } = await import('../../test/upstream-sim/cli.ts');
  await runSimulatorCli(args);
}

const upstreamConfigured = (): boolean =>
  Boolean(process.env.MODEL_GATEWAY_UPSTREAM && process.env.MODEL_GATEWAY_UPSTREAM_KEY);

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  app: (args) => appCommand(args, log),
  serve: (args) => serveCommand(args, log),
  demo: (args) => demoCommand(args, log),
  start: (args) => (upstreamConfigured() ? serveCommand(args, log) : demoCommand(args, log)),
  sim,
  logs: logsCommand,
  usage: usageCommand,
  token: tokenCommand,
  route: routeCommand,
  key: keyCommand,
  tools: (args) => toolsCommand('tools', args),
  connect: (args) => toolsCommand('connect', args),
  disconnect: (args) => toolsCommand('disconnect', args),
};

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  try {
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`Unknown command '${command}'.`);
    await run(rest);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof InputError) {
      log(`model-gateway: ${error.message}`);
      process.exit(2);
    }
    if (
      error instanceof UsageError ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
    ) {
      log(`model-gateway: ${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (code === 'EADDRINUSE') {
      log(
        'model-gateway: the port is already in use. Pick another with --port (0 = any free port).',
      );
      process.exit(1);
    }
    log(`model-gateway: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
