import { claudeCode } from './claude-code.ts';
import { codex } from './codex.ts';
import type { Connector } from './connector.ts';
import { geminiCli } from './gemini-cli.ts';
import { opencode } from './opencode.ts';
import { shell } from './shell.ts';

export type { Connector, ToolId } from './connector.ts';

/** Every tool the app can connect, in the order the CLI and the Tools page list them. */
export const CONNECTORS: readonly Connector[] = [claudeCode, codex, geminiCli, opencode, shell];

export const TOOL_IDS = CONNECTORS.map((c) => c.id);

export function connectorOf(id: string): Connector | undefined {
  return CONNECTORS.find((c) => c.id === id);
}

export {
  ConfigFileUnreadableError,
  ToolConflictError,
  ToolConnections,
  ToolNotConnectedError,
} from './tool-connections.ts';
export { settingsRecords } from './settings-records.ts';
export { ConfigFileError } from './formats.ts';
