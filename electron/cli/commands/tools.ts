import { homedir } from 'node:os';
import { parseArgs } from 'node:util';
import {
  CONNECTORS,
  connectorOf,
  settingsRecords,
  ToolConnections,
  TOOL_IDS,
  type Connector,
} from '../../connectors/index.ts';
import { FORMAT_LABEL } from '../../../shared/wire-formats.ts';
import { defaultModelFor } from '../../connectors/default-model.ts';
import { openStore, type Store } from '../../store/index.ts';
import { fetchCatalog } from '../fetch-catalog.ts';
import { defaultDataDir } from '../data-dir.ts';
import { portOf, UsageError } from '../usage-error.ts';

const DEFAULT_PORT = 8787;

const STATUS_TEXT = {
  connected: 'connected',
  changed: 'connected, but changed outside since',
  elsewhere: 'pointed at a gateway, not by this app',
  disconnected: 'not connected',
} as const;

function open(values: { home?: string; 'data-dir'?: string }) {
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const store = openStore(dataDir);
  const tools = new ToolConnections({
    home: values.home ?? homedir(),
    dataDir,
    records: settingsRecords(store.settings),
    tokens: store.tokens,
  });
  return { store, tools };
}

function toolOf(name: string | undefined): Connector {
  const connector = name === undefined ? undefined : connectorOf(name);
  if (!connector) throw new UsageError(`Name a tool: ${TOOL_IDS.join(', ')}.`);
  return connector;
}

/**
 * `--model M` for every slot, `--map slot=M` for one (e.g. `--map haiku=fast-model`). With
 * neither, the models of the last connect stay; on a first connect the catalog chooses.
 */
async function modelsOf(
  store: Store,
  connector: Connector,
  model: string | undefined,
  maps: string[],
  previous: Record<string, string> | null,
): Promise<Record<string, string>> {
  const models: Record<string, string> = model === undefined ? { ...previous } : { model };
  for (const map of maps) {
    const [slot, value] = map.split('=', 2);
    if (!slot || !value) throw new UsageError(`--map takes SLOT=MODEL, not '${map}'.`);
    models[slot] = value;
  }
  if (connector.slots.length > 0 && !models.model) {
    const hint = `Give --model M: which catalog model should ${connector.name} use? (\`model-gateway\`'s Models page lists them.)`;
    const chosen = defaultModelFor(connector.format, await fetchCatalog(store, hint));
    if (!chosen) throw new UsageError(`${hint} (The catalog holds no model that can generate.)`);
    models.model = chosen.id;
    process.stderr.write(
      `No --model given: ${connector.name} gets ${chosen.id}, the newest catalog model ` +
        `${chosen.native ? `served in its own format (${FORMAT_LABEL[connector.format]})` : 'the gateway can translate to'}. ` +
        `Choose another with --model M.\n`,
    );
  }
  return models;
}

const originOf = (store: Store, port: string | undefined): string =>
  `http://127.0.0.1:${portOf(port, store.settings.get('port', DEFAULT_PORT))}`;

/**
 * `model-gateway tools`: each tool's state; `connect TOOL [--model M] [--map SLOT=M] [--dry-run]`
 * writes the tool's config to use the gateway with a token of its own; `disconnect TOOL` undoes it.
 */
export async function toolsCommand(command: string, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      home: { type: 'string' },
      model: { type: 'string' },
      map: { type: 'string', multiple: true, default: [] },
      port: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const { store, tools } = open(values);
  const out = (text: string) => process.stdout.write(text);
  try {
    if (command === 'tools') {
      for (const connector of CONNECTORS) {
        const s = tools.state(connector);
        const installed =
          connector.binary === null ? '' : s.installed ? 'installed' : 'not installed';
        const models = s.models?.model ? `  model ${s.models.model}` : '';
        const changed = s.changedFiles.length > 0 ? ` (${s.changedFiles.join(', ')})` : '';
        out(
          `${connector.id.padEnd(12)} ${installed.padEnd(14)} ${STATUS_TEXT[s.status]}${changed}${models}\n`,
        );
      }
      return;
    }
    const connector = toolOf(positionals[0]);
    if (command === 'connect') {
      const previous = tools.state(connector).models;
      const models = await modelsOf(store, connector, values.model, values.map, previous);
      const origin = originOf(store, values.port);
      if (values['dry-run']) {
        const plan = tools.plan(connector, origin, models);
        for (const change of plan.changes) out(change.diff);
        if (plan.snippet) out(plan.snippet);
        process.stderr.write('Dry run: nothing was written and no token was created.\n');
        return;
      }
      const result = tools.connect(connector, origin, models);
      if (result.snippet) {
        process.stderr.write(
          `Token '${result.tokenName}' created. Paste these into your shell profile; the token is shown once:\n`,
        );
        out(result.snippet);
        return;
      }
      for (const change of result.changes) out(change.diff);
      out(
        `${connector.name} now uses the gateway at ${origin} with its own token '${result.tokenName}'. ` +
          `Undo with \`model-gateway disconnect ${connector.id}\`.\n`,
      );
    } else {
      const result = tools.disconnect(connector);
      for (const path of result.restored) out(`Restored ${path} as it was.\n`);
      for (const path of result.edited)
        out(`${path} changed since it was connected: took out only the gateway's keys.\n`);
      out(`${connector.name} disconnected; its token is revoked.\n`);
    }
  } finally {
    store.close();
  }
}
