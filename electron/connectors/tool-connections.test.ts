import { parse as parseToml } from '@decimalturn/toml-patch';
import { parse as parseJsonc } from 'jsonc-parser';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigFileError,
  CONNECTORS,
  connectorOf,
  ToolConflictError,
  ToolConnections,
} from './index.ts';
import type { Connector, ToolId } from './index.ts';
import type { ConnectionRecord, ConnectionRecords, TokenIssuer } from './tool-connections.ts';

const ORIGIN = 'http://127.0.0.1:8787';

/** Realistic files a user already has: comments, other providers, unrelated keys. */
const EXISTING: Record<string, Record<string, string>> = {
  'claude-code': {
    '.claude/settings.json': `{
    // my own settings
    "permissions": { "allow": ["Read", "Bash(git log:*)"] },
    "env": {
        "ANTHROPIC_MODEL": "claude-opus-4-1",
        "MY_VAR": "keep me"
    },
    "theme": "dark"
}
`,
  },
  codex: {
    '.codex/config.toml': `# Codex config
model = "gpt-5" # my favourite
approval_policy = "on-request"

[model_providers.openrouter]
name = "OpenRouter"   # aligned on purpose
base_url = "https://openrouter.ai/api/v1"
env_key = "OPENROUTER_API_KEY"

[profiles.fast]
model = "o4-mini"
`,
  },
  'gemini-cli': {
    '.gemini/settings.json': `{
  // Gemini CLI settings
  "security": { "auth": { "selectedType": "oauth-personal" } },
  "ui": { "theme": "GitHub" },
}
`,
    '.gemini/.env': `# project-wide
DEBUG_LEVEL=2
export OTHER_KEY="quoted value"
`,
  },
  opencode: {
    '.config/opencode/opencode.json': `{
  "$schema": "https://opencode.ai/config.json",
  /* other providers stay */
  "provider": {
    "ollama": { "npm": "@ai-sdk/openai-compatible", "options": { "baseURL": "http://localhost:11434/v1" } }
  },
  "theme": "tokyonight"
}
`,
  },
};

/** What each tool's config must say after connecting, read back with the tool's syntax. */
function expectConnected(id: ToolId, home: string, token: string): void {
  const read = (p: string) => readFileSync(join(home, p), 'utf8');
  if (id === 'claude-code') {
    const env = (parseJsonc(read('.claude/settings.json')) as { env: Record<string, string> }).env;
    expect(env).toMatchObject({
      ANTHROPIC_BASE_URL: ORIGIN,
      ANTHROPIC_AUTH_TOKEN: token,
      ANTHROPIC_MODEL: 'sim-all',
      ANTHROPIC_DEFAULT_OPUS_MODEL: 'sim-anthropic',
      ANTHROPIC_DEFAULT_SONNET_MODEL: 'sim-all',
      ANTHROPIC_DEFAULT_HAIKU_MODEL: 'sim-chat',
      CLAUDE_CODE_SUBAGENT_MODEL: 'sim-all',
    });
  } else if (id === 'codex') {
    const config = parseToml(read('.codex/config.toml')) as Record<string, unknown>;
    expect(config).toMatchObject({
      model: 'sim-all',
      model_provider: 'model-gateway',
      model_providers: {
        'model-gateway': {
          base_url: `${ORIGIN}/v1`,
          wire_api: 'responses',
          experimental_bearer_token: token,
        },
      },
    });
  } else if (id === 'gemini-cli') {
    expect(parseJsonc(read('.gemini/settings.json'))).toMatchObject({
      security: { auth: { selectedType: 'gemini-api-key' } },
      model: { name: 'sim-all' },
    });
    expect(read('.gemini/.env')).toContain(`GEMINI_API_KEY=${token}\n`);
    expect(read('.gemini/.env')).toContain(`GOOGLE_GEMINI_BASE_URL=${ORIGIN}\n`);
  } else if (id === 'opencode') {
    expect(parseJsonc(read('.config/opencode/opencode.json'))).toMatchObject({
      model: 'model-gateway/sim-all',
      provider: {
        'model-gateway': {
          npm: '@ai-sdk/openai-compatible',
          options: { baseURL: `${ORIGIN}/v1`, apiKey: token },
          models: { 'sim-all': {}, 'sim-chat': {} },
        },
      },
    });
  }
}

const MODELS = {
  model: 'sim-all',
  opus: 'sim-anthropic',
  haiku: 'sim-chat',
  models: 'sim-all,sim-chat',
};

function fakes() {
  const records = new Map<ToolId, ConnectionRecord>();
  const recordStore: ConnectionRecords = {
    read: (id) => records.get(id) ?? null,
    write: (id, r) => void records.set(id, structuredClone(r)),
    remove: (id) => void records.delete(id),
  };
  const issued: { id: string; name: string; token: string; revoked: boolean }[] = [];
  const tokens: TokenIssuer = {
    create(name) {
      const entry = {
        id: `id-${issued.length}`,
        name,
        token: `mgw_${name}_${issued.length}`,
        revoked: false,
      };
      issued.push(entry);
      return { token: entry.token, info: { id: entry.id, name } };
    },
    revoke(id) {
      const t = issued.find((i) => i.id === id && !i.revoked);
      if (t) t.revoked = true;
      return t !== undefined;
    },
  };
  return { recordStore, records, issued, tokens };
}

const FILE_TOOLS = CONNECTORS.filter((c) => c.files.length > 0);

describe('tool connectors', () => {
  let home: string;
  let dataDir: string;
  let f: ReturnType<typeof fakes>;
  let tools: ToolConnections;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'mg-tools-home-'));
    dataDir = mkdtempSync(join(tmpdir(), 'mg-tools-data-'));
    f = fakes();
    tools = new ToolConnections({
      home,
      dataDir,
      records: f.recordStore,
      tokens: f.tokens,
      pathEnv: '',
    });
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const write = (files: Record<string, string>) => {
    for (const [p, text] of Object.entries(files)) {
      mkdirSync(dirname(join(home, p)), { recursive: true });
      writeFileSync(join(home, p), text, { mode: 0o640 });
    }
  };
  const snapshot = (c: Connector) =>
    Object.fromEntries(
      c.files.map((file) => {
        const p = join(home, file.path);
        return [file.path, existsSync(p) ? readFileSync(p) : null];
      }),
    );

  describe.each(FILE_TOOLS.map((c) => [c.id, c] as const))('%s', (id, c) => {
    it('connects keeping the rest of the file, and disconnect puts back the original bytes', () => {
      write(EXISTING[id]!);
      const before = snapshot(c);
      expect(tools.state(c).status).toBe('disconnected');

      const result = tools.connect(c, ORIGIN, MODELS);

      expect(result.tokenName).toBe(id);
      expectConnected(id, home, result.token);
      for (const [p, text] of Object.entries(EXISTING[id]!)) {
        const now = readFileSync(join(home, p), 'utf8');
        // Comments and unrelated lines are still there, word for word.
        for (const line of text
          .split('\n')
          .filter(
            (l) =>
              /#|\/\/|\/\*|theme|MY_VAR|DEBUG_LEVEL|fast/.test(l) &&
              !/model =|selectedType/.test(l),
          ))
          expect(now).toContain(line);
        expect(statSync(join(home, p)).mode & 0o777).toBe(0o640);
      }
      expect(tools.state(c)).toMatchObject({ status: 'connected', tokenName: id, models: MODELS });

      const undone = tools.disconnect(c);

      expect(undone.restored).toHaveLength(c.files.length);
      expect(snapshot(c)).toEqual(before);
      expect(f.issued[0]?.revoked).toBe(true);
      expect(tools.state(c).status).toBe('disconnected');
      expect(existsSync(join(dataDir, 'tool-backups', id))).toBe(false);
    });

    it('creates missing files (owner-only when they hold the token) and deletes them on disconnect', () => {
      const result = tools.connect(c, ORIGIN, MODELS);
      expectConnected(id, home, result.token);
      for (const file of c.files.filter((x) => x.secret))
        expect(statSync(join(home, file.path)).mode & 0o777).toBe(0o600);
      tools.disconnect(c);
      for (const file of c.files) expect(existsSync(join(home, file.path))).toBe(false);
    });

    it('after an edit by someone else: refuses to overwrite, and disconnect takes out only our keys', () => {
      write(EXISTING[id]!);
      tools.connect(c, ORIGIN, MODELS);
      const file = c.files[0]!;
      const path = join(home, file.path);
      const edited =
        file.format === 'toml'
          ? `${readFileSync(path, 'utf8')}\n[tui]\nnotifications = true # added by hand\n`
          : readFileSync(path, 'utf8').replace(/\{/, '{\n  "addedByHand": true,');
      writeFileSync(path, edited);

      expect(tools.state(c)).toMatchObject({ status: 'changed', changedFiles: [`~/${file.path}`] });
      expect(() => tools.connect(c, ORIGIN, MODELS)).toThrow(ToolConflictError);
      expect(readFileSync(path, 'utf8')).toBe(edited);

      const undone = tools.disconnect(c);

      expect(undone.edited).toEqual([`~/${file.path}`]);
      const now = readFileSync(path, 'utf8');
      expect(now).toContain(
        file.format === 'toml' ? 'notifications = true # added by hand' : '"addedByHand": true',
      );
      // What it was before we connected: the original file plus the hand edit.
      const original = EXISTING[id]![file.path]!;
      const expected =
        file.format === 'toml'
          ? `${original}\n[tui]\nnotifications = true # added by hand\n`
          : original.replace(/\{/, '{\n  "addedByHand": true,');
      expect(now).toBe(expected);
      expect(f.issued[0]?.revoked).toBe(true);
    });

    it('leaves a malformed file untouched and says which and where', () => {
      const file = c.files[0]!;
      const broken =
        file.format === 'toml' ? 'model = "unterminated\n[x\n' : '{ "env": { "A": 1,, }\n';
      write({ [file.path]: broken });
      const dry = () => tools.plan(c, ORIGIN, MODELS);
      expect(dry).toThrow(ConfigFileError);
      expect(dry).toThrow(`~/${file.path} is not valid`);
      // Where: both kinds of file name the line, and the TOML one the reason as well.
      expect(dry).toThrow(/ at line 1\b/);
      if (file.format === 'toml')
        expect(dry).toThrow(/is not valid: [A-Z].* at line 1, column \d+\./);
      expect(() => tools.connect(c, ORIGIN, MODELS)).toThrow(ConfigFileError);
      expect(readFileSync(join(home, file.path), 'utf8')).toBe(broken);
      expect(f.issued).toEqual([]);
      expect(tools.state(c).status).toBe('disconnected');
    });

    it('plans: a diff of exactly our change, nothing written, no token issued', () => {
      write(EXISTING[id]!);
      const before = snapshot(c);
      const plan = tools.plan(c, ORIGIN, MODELS);
      expect(plan.changes.length).toBeGreaterThan(0);
      const diff = plan.changes.map((ch) => ch.diff).join('\n');
      expect(diff).toContain(`<new token for ${id}>`);
      expect(diff).toMatch(/^\+.*sim-all/m);
      expect(snapshot(c)).toEqual(before);
      expect(f.issued).toEqual([]);
    });

    it('reconnecting rotates the token and keeps the first original for the undo', () => {
      write(EXISTING[id]!);
      const before = snapshot(c);
      tools.connect(c, ORIGIN, MODELS);
      const second = tools.connect(c, 'http://127.0.0.1:9999', { ...MODELS, model: 'sim-chat' });
      expect(f.issued.map((t) => t.revoked)).toEqual([true, false]);
      expect(second.token).toBe(f.issued[1]?.token);
      tools.disconnect(c);
      expect(snapshot(c)).toEqual(before);
    });
  });

  it('the shell snippet carries the token and the base URLs; disconnect revokes its token', () => {
    const shell = connectorOf('shell')!;
    const plan = tools.plan(shell, ORIGIN, {});
    expect(plan.snippet).toContain('<new token for shell>');
    const result = tools.connect(shell, ORIGIN, {});
    expect(result.snippet).toContain(`export OPENAI_BASE_URL=${ORIGIN}/v1`);
    expect(result.snippet).toContain(`export ANTHROPIC_AUTH_TOKEN=${result.token}`);
    expect(tools.state(shell).status).toBe('connected');
    tools.disconnect(shell);
    expect(f.issued[0]?.revoked).toBe(true);
  });

  it('sees a tool pointed at a gateway by hand, and installed binaries on PATH', () => {
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'codex'), '');
    const withPath = new ToolConnections({
      home,
      dataDir,
      records: f.recordStore,
      tokens: f.tokens,
      pathEnv: bin,
    });
    write({ '.codex/config.toml': '[model_providers.model-gateway]\nname = "by hand"\n' });
    expect(withPath.state(connectorOf('codex')!)).toMatchObject({
      installed: true,
      configDirExists: true,
      status: 'elsewhere',
    });
    expect(withPath.state(connectorOf('gemini-cli')!)).toMatchObject({
      installed: false,
      configDirExists: false,
      status: 'disconnected',
    });
  });
});
