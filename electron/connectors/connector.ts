import { join } from 'node:path';
import type { WireFormat } from '../../shared/wire-formats.ts';
import type { FormatName, KeyPath } from './formats.ts';
import { errorText } from '../../shared/error-text.ts';

export type ToolId = 'claude-code' | 'codex' | 'gemini-cli' | 'opencode' | 'shell';

/** A model the tool asks for by role, mapped to a catalog model the user picks. */
interface ModelSlot {
  key: string;
  label: string;
}

/** Where the tool is pointed: the gateway's origin (`http://127.0.0.1:8787`) and its token. */
export interface Endpoint {
  origin: string;
  token: string;
}

/** One config file the connector edits. */
export interface ConfigFile {
  /** A short name, stable across versions: the key of the file in plans and records. */
  role: string;
  /** Relative to the user's home. */
  path: string;
  format: FormatName;
  /** Written with owner-only permissions when we create it (it holds the token). */
  secret: boolean;
}

/** A key we set, and its value. */
interface Entry {
  role: string;
  path: KeyPath;
  value: unknown;
}

/**
 * One tool: which files it reads, which keys in them connect it to the gateway, and how to tell
 * it is installed. Pure data and pure functions; reading and writing is the engine's
 * (tool-connections.ts).
 */
export interface Connector {
  id: ToolId;
  name: string;
  /** The wire format the tool speaks (for the format badges of its model pickers). */
  format: WireFormat;
  /** The executable on PATH when the tool is installed; null for the shell snippet. */
  binary: string | null;
  /** Its configuration folder, relative to home; null for the shell snippet. */
  configDir: string | null;
  files: ConfigFile[];
  slots: ModelSlot[];
  /** Every key this connector may set, whatever the models: what disconnect removes. */
  owned: { role: string; path: KeyPath }[];
  /** The keys and values for this endpoint and model mapping (slot key → model id). */
  entries(endpoint: Endpoint, models: Record<string, string>): Entry[];
  /** A key whose presence says the tool points at a gateway of ours. */
  marker: { role: string; path: KeyPath } | null;
  /** Shell commands for a tool the user configures by hand. */
  snippet?(endpoint: Endpoint, models: Record<string, string>): string;
}

export const filePath = (home: string, file: ConfigFile): string => join(home, file.path);

/** The model for a slot: the slot's own pick, else the main model. */
export function modelFor(models: Record<string, string>, slot: string, main = 'model'): string {
  const model = models[slot] ?? models[main];
  if (model === undefined || model === '')
    throw Object.assign(new Error(`No model chosen for '${slot}'.`), {
      i18n: errorText('tools.errors.noModelChosen', { slot }),
    });
  return model;
}
