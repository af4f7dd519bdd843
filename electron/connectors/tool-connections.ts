import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { filePath, type ConfigFile, type Connector, type ToolId } from './connector.ts';
import { checkTexts, hasMarker, planConnect, planRemove, unifiedDiff, type Texts } from './plan.ts';
import { lineHashes } from './undo-lines.ts';
import { errorText, TextedError, type ErrorText } from '../../shared/error-text.ts';

/**
 * - `connected`: every file is as we wrote it.
 * - `changed`: we connected it, and a file was changed by something else since.
 * - `elsewhere`: pointed at a gateway, but not by this app (no record of it here).
 * - `disconnected`: none of that.
 */
type ToolStatus = 'connected' | 'changed' | 'elsewhere' | 'disconnected';

export interface ToolState {
  id: ToolId;
  name: string;
  installed: boolean;
  configDirExists: boolean;
  status: ToolStatus;
  /** The files it edits, as shown to the user (`~/…`). */
  files: string[];
  /** Files that changed since we wrote them. */
  changedFiles: string[];
  /** The model mapping we connected with. */
  models: Record<string, string> | null;
  /** The local token's name (usage and logs group by it); null when not connected. */
  tokenName: string | null;
  connectedAt: number | null;
}

export interface FileChange {
  path: string;
  diff: string;
}

export interface ToolPlan {
  id: ToolId;
  changes: FileChange[];
  /** For the shell: what to paste (with a placeholder for the token in a plan). */
  snippet: string | null;
}

export interface ConnectResult extends ToolPlan {
  tokenName: string;
  /** Shown once; only the shell needs it (the other tools have it in their files). */
  token: string;
}

export interface DisconnectResult {
  id: ToolId;
  /** Put back byte for byte (or deleted, when we had created them). */
  restored: string[];
  /** Changed by someone else since: only our keys were taken out. */
  edited: string[];
}

interface FileRecord {
  role: string;
  existed: boolean;
  /** sha256 of the bytes we wrote. */
  written: string;
  /**
   * A hash of each line we wrote, to undo our change line by line around later edits (see
   * undo-lines.ts); absent in records made before it was kept.
   */
  lines?: string[];
}

/** What the app remembers of a connection (in its settings), to undo it exactly. */
export interface ConnectionRecord {
  tokenId: string;
  tokenName: string;
  models: Record<string, string>;
  origin: string;
  connectedAt: number;
  files: FileRecord[];
}

export interface ConnectionRecords {
  read(id: ToolId): ConnectionRecord | null;
  write(id: ToolId, record: ConnectionRecord): void;
  remove(id: ToolId): void;
}

export interface TokenIssuer {
  create(name: string): { token: string; info: { id: string; name: string } };
  revoke(idOrName: string): boolean;
}

export interface ToolConnectionsOptions {
  home: string;
  /** Backups of the original files go under `<dataDir>/tool-backups`. */
  dataDir: string;
  records: ConnectionRecords;
  tokens: TokenIssuer;
  /** For `installed`; default process.env.PATH. */
  pathEnv?: string;
  now?: () => number;
}

/** Refused because a file changed since we wrote it; nothing was written. */
export class ToolConflictError extends TextedError {
  declare readonly i18n: ErrorText;
  constructor(message: string, i18n: ErrorText) {
    super(message, i18n);
    this.name = 'ToolConflictError';
  }
}

/** A tool's config file exists but cannot be read (permissions, a folder of that name). */
export class ConfigFileUnreadableError extends TextedError {
  declare readonly i18n: ErrorText;
  constructor(message: string, i18n: ErrorText, cause: unknown) {
    super(message, i18n, { cause });
    this.name = 'ConfigFileUnreadableError';
  }
}

export class ToolNotConnectedError extends TextedError {
  declare readonly i18n: ErrorText;
  constructor(message: string, i18n: ErrorText) {
    super(message, i18n);
    this.name = 'ToolNotConnectedError';
  }
}

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

const TOKEN_PLACEHOLDER = (id: string) => `<new token for ${id}>`;

/** Writes through a temporary file in the same folder and a rename: never half a file. */
function writeAtomic(path: string, bytes: Buffer | string, mode: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, bytes, { mode });
    chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Connects tools to the gateway by editing their config files, and undoes it. Planning is
 * pure (plan.ts); this class reads and writes the files, keeps backups of the originals and a
 * record (with a hash of what it wrote) in the app's settings, and issues each tool its token.
 */
export class ToolConnections {
  private readonly o: ToolConnectionsOptions;

  constructor(options: ToolConnectionsOptions) {
    this.o = options;
  }

  /** `~/.codex/config.toml`: how a file is shown to the user. */
  shown(file: ConfigFile): string {
    return `~/${file.path}`;
  }

  private path(file: ConfigFile): string {
    return filePath(this.o.home, file);
  }

  private backupPath(id: ToolId, file: ConfigFile): string {
    return join(this.o.dataDir, 'tool-backups', id, file.role);
  }

  private readBytes(file: ConfigFile): Buffer | null {
    try {
      return readFileSync(this.path(file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      const shown = this.shown(file);
      throw new ConfigFileUnreadableError(
        `${shown} cannot be read (${code ?? String(error)}). Nothing was changed.`,
        errorText('tools.errors.configUnreadable', { file: shown, detail: code ?? String(error) }),
        error,
      );
    }
  }

  private readTexts(connector: Connector): Texts {
    return Object.fromEntries(
      connector.files.map((f) => [f.role, this.readBytes(f)?.toString('utf8') ?? null]),
    );
  }

  private changedFiles(connector: Connector, record: ConnectionRecord): ConfigFile[] {
    return connector.files.filter((file) => {
      const written = record.files.find((r) => r.role === file.role)?.written;
      const bytes = this.readBytes(file);
      return written === undefined || bytes === null || sha256(bytes) !== written;
    });
  }

  private installed(binary: string | null): boolean {
    if (binary === null) return true;
    const dirs = (this.o.pathEnv ?? process.env.PATH ?? '').split(delimiter).filter(Boolean);
    const names = process.platform === 'win32' ? [`${binary}.cmd`, `${binary}.exe`] : [binary];
    return dirs.some((dir) => names.some((name) => existsSync(join(dir, name))));
  }

  state(connector: Connector): ToolState {
    const record = this.o.records.read(connector.id);
    const changed = record ? this.changedFiles(connector, record) : [];
    let status: ToolStatus;
    if (record) status = changed.length > 0 ? 'changed' : 'connected';
    else status = hasMarker(connector, this.readTexts(connector)) ? 'elsewhere' : 'disconnected';
    return {
      id: connector.id,
      name: connector.name,
      installed: this.installed(connector.binary),
      configDirExists:
        connector.configDir === null || existsSync(join(this.o.home, connector.configDir)),
      status,
      files: connector.files.map((f) => this.shown(f)),
      changedFiles: changed.map((f) => this.shown(f)),
      models: record?.models ?? null,
      tokenName: record?.tokenName ?? null,
      connectedAt: record?.connectedAt ?? null,
    };
  }

  private refuseIfChanged(connector: Connector): ConnectionRecord | null {
    const record = this.o.records.read(connector.id);
    if (!record) return null;
    const changed = this.changedFiles(connector, record);
    if (changed.length > 0) {
      const files = changed.map((f) => this.shown(f));
      throw new ToolConflictError(
        `${files.join(' and ')} changed since this app wrote ${changed.length > 1 ? 'them' : 'it'}; ` +
          `not overwriting. Disconnect ${connector.name} first (it takes out only the gateway's keys), then connect again.`,
        errorText('tools.errors.changedSinceWritten', {
          files: files.join(', '),
          count: files.length,
          tool: connector.name,
        }),
      );
    }
    return record;
  }

  /** The change connecting would make, as a diff, without writing anything or issuing a token. */
  plan(connector: Connector, origin: string, models: Record<string, string>): ToolPlan {
    this.refuseIfChanged(connector);
    const endpoint = { origin, token: TOKEN_PLACEHOLDER(connector.id) };
    const before = this.readTexts(connector);
    checkTexts(connector, before, (f) => this.shown(f));
    const after = planConnect(connector, before, endpoint, models);
    return {
      id: connector.id,
      changes: this.diffs(connector, before, after),
      snippet: connector.snippet?.(endpoint, models) ?? null,
    };
  }

  private diffs(connector: Connector, before: Texts, after: Texts): FileChange[] {
    return connector.files
      .filter((f) => before[f.role] !== after[f.role])
      .map((f) => ({
        path: this.shown(f),
        diff: unifiedDiff(this.shown(f), before[f.role] ?? null, after[f.role] ?? null),
      }));
  }

  connect(connector: Connector, origin: string, models: Record<string, string>): ConnectResult {
    const record = this.refuseIfChanged(connector);
    const bytes = Object.fromEntries(connector.files.map((f) => [f.role, this.readBytes(f)]));
    const before: Texts = Object.fromEntries(
      connector.files.map((f) => [f.role, bytes[f.role]?.toString('utf8') ?? null]),
    );
    checkTexts(connector, before, (f) => this.shown(f));
    // Everything that can fail on the input fails here, before a token exists.
    planConnect(connector, before, { origin, token: TOKEN_PLACEHOLDER(connector.id) }, models);

    if (record) this.o.tokens.revoke(record.tokenId);
    const { token, info } = this.o.tokens.create(connector.id);
    const after = planConnect(connector, before, { origin, token }, models);
    const written: { file: ConfigFile; previous: Buffer | null }[] = [];
    const files: FileRecord[] = [];
    try {
      for (const file of connector.files) {
        const text = after[file.role];
        const previous = bytes[file.role] ?? null;
        const kept = record?.files.find((r) => r.role === file.role);
        if (!kept && previous !== null)
          writeAtomic(this.backupPath(connector.id, file), previous, 0o600);
        const existed = kept ? kept.existed : previous !== null;
        if (text == null || text === before[file.role]) {
          if (previous !== null)
            files.push({
              role: file.role,
              existed,
              written: sha256(previous),
              lines: lineHashes(previous.toString('utf8')),
            });
          continue;
        }
        const path = this.path(file);
        const mode = previous !== null ? statSync(path).mode & 0o777 : file.secret ? 0o600 : 0o644;
        writeAtomic(path, text, mode);
        written.push({ file, previous });
        files.push({
          role: file.role,
          existed,
          written: sha256(Buffer.from(text, 'utf8')),
          lines: lineHashes(text),
        });
      }
    } catch (error) {
      for (const { file, previous } of written.reverse()) {
        if (previous === null) rmSync(this.path(file), { force: true });
        else writeAtomic(this.path(file), previous, statSync(this.path(file)).mode & 0o777);
      }
      this.o.tokens.revoke(info.id);
      throw error;
    }
    this.o.records.write(connector.id, {
      tokenId: info.id,
      tokenName: info.name,
      models,
      origin,
      connectedAt: (this.o.now ?? Date.now)(),
      files,
    });
    // The diff shown names the token instead of showing it: the tool has it in its file.
    const shown = planConnect(
      connector,
      before,
      { origin, token: `<token '${info.name}'>` },
      models,
    );
    return {
      id: connector.id,
      changes: this.diffs(connector, before, shown),
      snippet: connector.snippet?.({ origin, token }, models) ?? null,
      tokenName: info.name,
      token,
    };
  }

  /**
   * Undoes `connect`: a file nobody touched since goes back byte for byte (or away, if we created
   * it); a file changed since keeps those changes and loses only our keys. Revokes the token.
   */
  disconnect(connector: Connector): DisconnectResult {
    const record = this.o.records.read(connector.id);
    if (!record)
      throw new ToolNotConnectedError(
        `${connector.name} is not connected by this app.`,
        errorText('tools.errors.notConnected', { tool: connector.name }),
      );
    const changed = new Set(this.changedFiles(connector, record).map((f) => f.role));
    const texts = this.readTexts(connector);
    // A changed file must still parse before anything is written.
    checkTexts(
      connector,
      Object.fromEntries(Object.entries(texts).filter(([role]) => changed.has(role))),
      (f) => this.shown(f),
    );
    const restored: string[] = [];
    const edited: string[] = [];
    for (const fileRecord of record.files) {
      const file = connector.files.find((f) => f.role === fileRecord.role);
      if (!file) continue;
      const backup = this.backupPath(connector.id, file);
      const original = fileRecord.existed ? readFileSync(backup) : null;
      const path = this.path(file);
      if (!changed.has(file.role)) {
        if (original === null) unlinkSync(path);
        else writeAtomic(path, original, statSync(path).mode & 0o777);
        restored.push(this.shown(file));
        continue;
      }
      const text = texts[file.role];
      if (text == null) continue; // Deleted since: nothing of ours is left in it.
      const next = planRemove(
        connector,
        file.role,
        text,
        original?.toString('utf8') ?? null,
        fileRecord.lines,
      );
      if (next !== text) writeAtomic(path, next, statSync(path).mode & 0o777);
      edited.push(this.shown(file));
    }
    this.o.tokens.revoke(record.tokenId);
    this.o.records.remove(connector.id);
    rmSync(join(this.o.dataDir, 'tool-backups', connector.id), { recursive: true, force: true });
    return { id: connector.id, restored, edited };
  }
}
