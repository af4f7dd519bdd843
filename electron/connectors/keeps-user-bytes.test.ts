import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectorOf, ToolConnections, type ToolId } from './index.ts';
import { planRemove } from './plan.ts';
import type { ConnectionRecord, ConnectionRecords, TokenIssuer } from './tool-connections.ts';

const ORIGIN = 'http://127.0.0.1:8787';

/** The file: a provider of the user's, headed by a comment. */
const HOMELAB = `model = "o3"

# A local provider I use sometimes
[model_providers.homelab]
name = "Homelab"
base_url = "http://10.0.0.2:8080/v1"
`;

function harness() {
  const home = mkdtempSync(join(tmpdir(), 'mg-keep-home-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'mg-keep-data-'));
  const records = new Map<ToolId, ConnectionRecord>();
  const store: ConnectionRecords = {
    read: (id) => records.get(id) ?? null,
    write: (id, r) => void records.set(id, structuredClone(r)),
    remove: (id) => void records.delete(id),
  };
  let n = 0;
  const tokens: TokenIssuer = {
    create: (name) => ({ token: `mgw_${name}_${n}`, info: { id: `id-${n++}`, name } }),
    revoke: () => true,
  };
  const tools = new ToolConnections({ home, dataDir, records: store, tokens, pathEnv: '' });
  return {
    tools,
    records,
    read: (path: string) => readFileSync(join(home, path), 'utf8'),
    exists: (path: string) => existsSync(join(home, path)),
    write: (path: string, text: string) => {
      mkdirSync(dirname(join(home, path)), { recursive: true });
      writeFileSync(join(home, path), text);
    },
    close: () => {
      rmSync(home, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('codex: the issue’s config.toml, a comment heading the user’s provider', () => {
  const codex = connectorOf('codex')!;
  const file = '.codex/config.toml';
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness();
    h.write(file, HOMELAB);
  });
  afterEach(() => h.close());

  it('connect puts the new keys where they split nothing: the comment still heads its table', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    expect(h.read(file)).toBe(`model = "gpt-5"
model_provider = "model-gateway"

# A local provider I use sometimes
[model_providers.homelab]
name = "Homelab"
base_url = "http://10.0.0.2:8080/v1"

[model_providers.model-gateway]
name = "Model Gateway (local)"
base_url = "${ORIGIN}/v1"
wire_api = "responses"
experimental_bearer_token = "mgw_codex_0"
`);
  });

  it('disconnect after the user renamed their provider keeps the comment and only their edit', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    h.write(file, h.read(file).replace('name = "Homelab"', 'name = "Home lab"'));
    expect(h.tools.disconnect(codex).edited).toEqual([`~/${file}`]);
    expect(h.read(file)).toBe(HOMELAB.replace('name = "Homelab"', 'name = "Home lab"'));
  });

  it('disconnect after the user added a key to their provider keeps it in their table', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    h.write(file, h.read(file).replace('8080/v1"\n', '8080/v1"\nenv_key = "HOMELAB_KEY"\n'));
    h.tools.disconnect(codex);
    expect(h.read(file)).toBe(HOMELAB.replace('8080/v1"\n', '8080/v1"\nenv_key = "HOMELAB_KEY"\n'));
  });

  it('the user’s own model comes back after an edit right next to it', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    const written = h.read(file);
    expect(written.startsWith('model = "gpt-5"\nmodel_provider = "model-gateway"\n\n')).toBe(true);
    h.write(
      file,
      written.replace('model-gateway"\n\n', 'model-gateway"\napproval_policy = "never"\n\n'),
    );
    h.tools.disconnect(codex);
    expect(h.read(file)).toBe(HOMELAB.replace('"o3"\n', '"o3"\napproval_policy = "never"\n'));
  });

  it('a model changed by hand after connect goes back to the user’s; their other edit stays', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    h.write(
      file,
      h.read(file).replace('model = "gpt-5"', 'model = "o4-mini"').replace('"Homelab"', '"Lab"'),
    );
    h.tools.disconnect(codex);
    expect(h.read(file)).toBe(HOMELAB.replace('"Homelab"', '"Lab"'));
  });

  it('a key added by hand to the gateway’s table goes with it, and not into the user’s', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    h.write(file, `${h.read(file).replace('"Homelab"', '"Lab"')}request_max_retries = 2\n`);
    h.tools.disconnect(codex);
    expect(h.read(file)).toBe(HOMELAB.replace('"Homelab"', '"Lab"'));
  });

  it('the gateway’s table deleted by hand: the rest of its keys come out, the edit stays', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    const written = h.read(file);
    h.write(
      file,
      written.slice(0, written.indexOf('\n[model_providers.model-gateway]')) + '\n# mine\n',
    );
    h.tools.disconnect(codex);
    // The blank line before the table was left by the hand that took the table out.
    expect(h.read(file)).toBe(`${HOMELAB}\n# mine\n`);
  });

  it('after a reconnect and an edit, disconnect still gives the original plus the edit', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    h.tools.connect(codex, 'http://127.0.0.1:9999', { model: 'o4-mini' });
    h.write(file, h.read(file).replace('"Homelab"', '"Lab"'));
    h.tools.disconnect(codex);
    expect(h.read(file)).toBe(HOMELAB.replace('"Homelab"', '"Lab"'));
  });

  it('the record of the connection keeps line hashes, never the token', () => {
    const { token } = h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    const record = JSON.stringify(h.records.get('codex'));
    expect(record).toContain('"lines":[');
    expect(record).not.toContain(token);
  });

  it('disconnect with no edit puts back the original bytes', () => {
    h.tools.connect(codex, ORIGIN, { model: 'gpt-5' });
    expect(h.tools.disconnect(codex).restored).toEqual([`~/${file}`]);
    expect(h.read(file)).toBe(HOMELAB);
  });
});

/*
 * The matrix the issue asks for: for every connector, files of many layouts. For each:
 * (a) connect then disconnect, no edit between: the original bytes;
 * (b) connect, an edit by hand elsewhere, disconnect: the original plus exactly that edit, both
 *     through the engine (which undoes connect line by line) and by taking the keys out one by
 *     one (planRemove without the line hashes: records made before they were kept);
 * (c) after connect: each comment of the user's still sits right above what it headed, every
 *     line of theirs is still there in order, and the gateway's keys split nothing.
 */

interface Layout {
  name: string;
  /** The user's file(s), by path under home; null: absent. */
  files: Record<string, string | null>;
  /** An edit by hand after connect: `[file, from, to]`, `from` a part of the user's own text. */
  edit: readonly [string, string | RegExp, string];
  /** Lines of the user's whose value the gateway replaces (they change in place). */
  replaced?: RegExp;
  /** What disconnect leaves when connect created the file (default: the edit applied to ''). */
  edited?: string;
  /**
   * Where taking the keys out one by one cannot know the layout back (the blank lines of an
   * empty object, say), what it leaves instead; the engine, undoing line by line, is exact.
   */
  byKeys?: string;
}

const CODEX_FILE = '.codex/config.toml';
const crlf = (text: string) => text.replace(/\n/g, '\r\n');

const CODEX_LAYOUTS: Layout[] = [
  {
    name: 'the issue’s file: a comment heading a provider table',
    files: { [CODEX_FILE]: HOMELAB },
    edit: [CODEX_FILE, 'name = "Homelab"', 'name = "Home lab"'],
    replaced: /^model = /,
  },
  {
    name: 'no top-level key, a comment heading the first table at the top of the file',
    files: {
      [CODEX_FILE]: '# A local provider\n[model_providers.homelab]\nname = "Homelab"\n',
    },
    edit: [CODEX_FILE, 'name = "Homelab"\n', 'name = "Homelab"\nenv_key = "HOMELAB"\n'],
  },
  {
    name: 'a header comment set apart by a blank line, then a commented table',
    files: {
      [CODEX_FILE]:
        '# Codex config\n# by hand\n\n# fast profile\n[profiles.fast]\nmodel = "o4-mini"\n',
    },
    edit: [CODEX_FILE, '# fast profile\n', '# the fast profile\n'],
  },
  {
    name: 'no blank lines at all, comments right above tables',
    files: {
      [CODEX_FILE]:
        'model = "o3"\napproval_policy = "never"\n# fast\n[profiles.fast]\nmodel = "o4-mini"\n# homelab\n[model_providers.homelab]\nname = "Homelab"\n',
    },
    edit: [CODEX_FILE, 'approval_policy = "never"', 'approval_policy = "on-request"'],
    replaced: /^model = "o3"/,
  },
  {
    name: 'several blank lines between and after',
    files: {
      [CODEX_FILE]: 'approval_policy = "never"\n\n\n\n[profiles.fast]\nmodel = "o4-mini"\n\n\n',
    },
    edit: [CODEX_FILE, 'model = "o4-mini"', 'model = "o3"'],
  },
  {
    name: 'CRLF line endings',
    files: { [CODEX_FILE]: crlf(HOMELAB) },
    edit: [CODEX_FILE, 'name = "Homelab"', 'name = "Home lab"'],
    replaced: /^model = /,
  },
  {
    name: 'no newline at the end',
    files: { [CODEX_FILE]: 'model = "o3"\n\n# fast\n[profiles.fast]\nmodel = "o4-mini"' },
    edit: [CODEX_FILE, '# fast\n', '# quick\n'],
    replaced: /^model = "o3"/,
  },
  {
    name: 'a single line and no newline',
    files: { [CODEX_FILE]: "approval_policy = 'never'" },
    edit: [CODEX_FILE, "'never'", "'on-request'"],
  },
  {
    name: 'inline tables, the providers among them',
    files: {
      [CODEX_FILE]:
        'model = "o3"\nprofiles = { fast = { model = "o4-mini" } }\n# my providers\nmodel_providers = { homelab = { name = "Homelab" } }\n\n# ui\n[tui]\nnotifications = true\n',
    },
    edit: [CODEX_FILE, 'notifications = true', 'notifications = false'],
    // An inline table is closed: the gateway's provider can only go inside it.
    replaced: /^model(_providers)? = /,
  },
  {
    name: 'dotted keys at the top level, the providers among them',
    files: {
      [CODEX_FILE]:
        'model = "o3"\nmodel_providers.homelab.name = "Homelab"\nmodel_providers.homelab.base_url = "http://10.0.0.2:8080/v1"\n\n# ui\n[tui]\nnotifications = true\n',
    },
    edit: [
      CODEX_FILE,
      'model_providers.homelab.name = "Homelab"',
      'model_providers.homelab.name = "Lab"',
    ],
    replaced: /^model = /,
  },
  {
    name: 'the user’s model in single quotes with a comment after it',
    files: {
      [CODEX_FILE]:
        "model = 'o3'    # my favourite\nmodel_provider = 'openai'\n\n[tui]\nnotifications = true\n",
    },
    edit: [CODEX_FILE, 'notifications = true', 'notifications = false'],
    replaced: /^model(_provider)? = /,
  },
  {
    name: 'a commented-out key after the last top-level key',
    files: {
      [CODEX_FILE]: 'model = "o3"\n# model_provider = "openai"\n\n[tui]\nnotifications = true\n',
    },
    edit: [CODEX_FILE, '[tui]\n', '[tui]\nanimations = false\n'],
    replaced: /^model = /,
  },
  {
    name: 'only a comment',
    files: { [CODEX_FILE]: '# nothing here yet\n' },
    edit: [CODEX_FILE, '# nothing here yet', '# nothing here yet, really'],
  },
  {
    name: 'a comment and blank lines only',
    files: { [CODEX_FILE]: '# nothing here yet\n\n' },
    edit: [CODEX_FILE, '# nothing here yet', '# nothing here yet, really'],
  },
  {
    name: 'no file',
    files: { [CODEX_FILE]: null },
    // Exactly what was typed after the gateway's table, the blank line before [tui] included.
    edit: [CODEX_FILE, /$/, '\n[tui]\nnotifications = true\n'],
  },
];

/** JSON layouts for any of the JSON files (the keys in them are the user's own). */
function jsonLayouts(file: string): Layout[] {
  return [
    {
      name: 'comments before keys, nested',
      files: {
        [file]:
          '{\n  // heads env\n  "env": {\n    // heads MY_VAR\n    "MY_VAR": "1"\n  },\n  // heads theme\n  "theme": "dark"\n}\n',
      },
      edit: [file, '"dark"', '"light"'],
    },
    {
      name: 'trailing commas, and comments trailing the last keys',
      files: {
        [file]:
          '{\n  "env": {\n    "MY_VAR": "1", // mine\n  },\n  "theme": "dark", // trailing\n}\n',
      },
      edit: [file, '"dark"', '"light"'],
    },
    {
      name: 'a comment after the last key of the object',
      files: { [file]: '{\n  "theme": "dark"\n  // "model": "commented out"\n}\n' },
      edit: [file, '"dark"', '"light"'],
    },
    {
      name: 'block comments and tabs',
      files: { [file]: '{\n\t/* heads theme */\n\t"theme": "dark" /* after */\n}\n' },
      edit: [file, '"dark"', '"light"'],
    },
    {
      name: 'CRLF line endings',
      files: { [file]: '{\r\n  // heads theme\r\n  "theme": "dark"\r\n}\r\n' },
      edit: [file, '"dark"', '"light"'],
    },
    {
      name: 'no newline at the end',
      files: { [file]: '{\n    "theme": "dark"\n}' },
      edit: [file, '"dark"', '"light"'],
    },
    {
      name: 'an empty object',
      files: { [file]: '{}\n' },
      edit: [file, /$/, '// by hand\n'],
      replaced: /^\{\}$/,
    },
    {
      name: 'an empty object over two lines',
      files: { [file]: '{\n}\n' },
      edit: [file, /$/, '// by hand\n'],
      replaced: /^\{$/,
      byKeys: '{}\n// by hand\n',
    },
    {
      name: 'an empty object holding a comment',
      files: { [file]: '{\n  // nothing yet\n}\n' },
      edit: [file, '// nothing yet', '// nothing yet, really'],
    },
    {
      name: 'one line',
      files: { [file]: '{"theme":"dark"}\n' },
      edit: [file, /$/, '// by hand\n'],
      replaced: /^\{"theme":"dark"\}$/,
    },
    {
      name: 'no file',
      files: { [file]: null },
      edit: [file, /^\{/, '{\n  "theme": "dark",'],
      edited: '{\n  "theme": "dark"\n}\n',
    },
  ];
}

const GEMINI_SETTINGS = '.gemini/settings.json';
const GEMINI_ENV = '.gemini/.env';

const ENV_LAYOUTS: Layout[] = [
  {
    name: '.env: a comment heading a key',
    files: { [GEMINI_ENV]: '# heads DEBUG\nDEBUG=1\n' },
    edit: [GEMINI_ENV, 'DEBUG=1', 'DEBUG=2'],
  },
  {
    name: '.env: CRLF and a comment at the end',
    files: { [GEMINI_ENV]: 'A=1\r\n# the end\r\n' },
    edit: [GEMINI_ENV, 'A=1', 'A=2'],
  },
  {
    name: '.env: no newline at the end',
    files: { [GEMINI_ENV]: 'A=1\nB=2' },
    edit: [GEMINI_ENV, 'A=1', 'A=2'],
  },
  {
    name: '.env: blank lines at the end',
    files: { [GEMINI_ENV]: 'A=1\n\n\n' },
    edit: [GEMINI_ENV, 'A=1', 'A=2'],
  },
  {
    name: '.env: the key already there, exported, quoted, with a comment',
    files: { [GEMINI_ENV]: 'export GEMINI_API_KEY="mine"   # personal\nB=2\n' },
    edit: [GEMINI_ENV, 'B=2', 'B=3'],
    replaced: /GEMINI_API_KEY/,
  },
];

const LAYOUTS: Record<Exclude<ToolId, 'shell'>, Layout[]> = {
  codex: CODEX_LAYOUTS,
  'claude-code': [
    ...jsonLayouts('.claude/settings.json'),
    {
      name: 'the user’s model already set, with a comment after it',
      files: {
        '.claude/settings.json':
          '{\n  "env": {\n    "ANTHROPIC_MODEL": "claude-opus-4-1", // mine\n    "MY_VAR": "1"\n  }\n}\n',
      },
      edit: ['.claude/settings.json', '"MY_VAR": "1"', '"MY_VAR": "2"'],
      replaced: /ANTHROPIC_MODEL/,
    },
  ],
  opencode: [
    ...jsonLayouts('.config/opencode/opencode.json'),
    {
      name: 'the user’s model already set, with a comment after it',
      files: {
        '.config/opencode/opencode.json':
          '{\n  "model": "anthropic/claude-sonnet-4-5", // mine\n  "theme": "dark"\n}\n',
      },
      edit: ['.config/opencode/opencode.json', '"dark"', '"light"'],
      replaced: /"model"/,
    },
  ],
  'gemini-cli': [
    ...jsonLayouts(GEMINI_SETTINGS).map((l) => ({
      ...l,
      files: { ...l.files, [GEMINI_ENV]: null },
    })),
    ...ENV_LAYOUTS.map((l) => ({ ...l, files: { ...l.files, [GEMINI_SETTINGS]: null } })),
    {
      name: 'the user’s model and auth already set',
      files: {
        [GEMINI_SETTINGS]:
          '{\n  "security": { "auth": { "selectedType": "oauth-personal" } },\n  // mine\n  "model": {\n    "name": "gemini-2.5-pro" // the best\n  }\n}\n',
        [GEMINI_ENV]: 'DEBUG=1\n',
      },
      edit: [GEMINI_ENV, 'DEBUG=1', 'DEBUG=2'],
      replaced: /selectedType|"name"/,
    },
  ],
};

const MATRIX_MODELS = { model: 'sim-all', models: 'sim-all,sim-chat' };

const applyEdit = (text: string, [, from, to]: Layout['edit']): string => {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`the edit ${String(from)} does not apply`);
  return out;
};

const commentLine = /^\s*(#|\/\/|\/\*)/;

/** A line without its ending, and without a comma JSON needs after a value once one follows. */
const bare = (line: string) =>
  line.replace(/\r?\n$/, '').replace(/,(?=\s*(\/\/.*|\/\*.*\*\/)?\s*$)/, '');

describe.each(Object.entries(LAYOUTS))('%s keeps every byte of the user’s', (id, layouts) => {
  const connector = connectorOf(id)!;
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness();
  });
  afterEach(() => h.close());

  const setUp = (layout: Layout) => {
    for (const [path, text] of Object.entries(layout.files)) if (text !== null) h.write(path, text);
  };
  const files = (layout: Layout) => Object.keys(layout.files);
  const readAll = (layout: Layout) =>
    Object.fromEntries(files(layout).map((p) => [p, h.exists(p) ? h.read(p) : null]));

  describe.each(layouts.map((l) => [l.name, l] as const))('%s', (_name, layout) => {
    it('(a) connect then disconnect: the original bytes', () => {
      setUp(layout);
      h.tools.connect(connector, ORIGIN, MATRIX_MODELS);
      h.tools.disconnect(connector);
      expect(readAll(layout)).toEqual(layout.files);
    });

    it('(b) an edit by hand in between: the original plus exactly that edit', () => {
      setUp(layout);
      h.tools.connect(connector, ORIGIN, MATRIX_MODELS);
      const [file] = layout.edit;
      const written = h.read(file);
      h.write(file, applyEdit(written, layout.edit));

      // Taking the keys out one by one, as for a record without the line hashes.
      const role = connector.files.find((f) => f.path === file)!.role;
      const original = layout.files[file] ?? null;
      const byKeys = planRemove(connector, role, h.read(file), original);

      expect(h.tools.disconnect(connector).edited).toEqual([`~/${file}`]);
      const expected = {
        ...layout.files,
        [file]: layout.edited ?? applyEdit(original ?? '', layout.edit),
      };
      expect(readAll(layout)).toEqual(expected);
      if (original !== null) expect(byKeys).toBe(layout.byKeys ?? expected[file]);
    });

    it('(c) comments still head what they headed, and the keys split nothing', () => {
      setUp(layout);
      h.tools.connect(connector, ORIGIN, MATRIX_MODELS);
      for (const [path, before] of Object.entries(layout.files)) {
        if (before === null) continue;
        const after = h.read(path);
        const was = before.split(/(?<=\n)/);
        const now = after.split(/(?<=\n)/);
        // Every line of the user's is still there, in order (those the gateway sets changed in place).
        const kept = was.filter((l) => !layout.replaced?.test(l.trim()));
        let at = 0;
        for (const line of kept) {
          const found = now.findIndex((l, i) => i >= at && bare(l) === bare(line));
          expect(found, `${JSON.stringify(line)} kept in order`).toBeGreaterThanOrEqual(0);
          at = found + 1;
        }
        // A comment on a line of its own still sits right above what it heads (a key, a
        // table: not a closing brace or a blank line, which it does not head).
        was.forEach((line, i) => {
          const wasNext = bare(was[i + 1] ?? '');
          if (!commentLine.test(line) || /^\s*[}\]]?\s*$/.test(wasNext)) return;
          if (layout.replaced?.test(wasNext.trim())) return;
          const next = now[now.indexOf(line) + 1];
          expect(bare(next ?? ''), `the line under ${JSON.stringify(line)}`).toBe(wasNext);
        });
        if (path === CODEX_FILE) {
          // Top-level keys before the first table, our table a section of its own at the end.
          const firstTable = now.findIndex((l) => /^\s*\[/.test(l));
          for (const key of ['model_provider', 'model'])
            expect(
              now.findIndex((l) => l.startsWith(`${key} = `)),
              key,
            ).toBeLessThan(firstTable === -1 ? Infinity : firstTable);
          if (!before.includes('model_providers = {'))
            expect(after).toMatch(/\n\[model_providers\.model-gateway\]\r?\n[^[]*$/);
        }
      }
    });
  });
});
