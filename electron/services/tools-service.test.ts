import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { ToolsService } from './tools-service.ts';

describe('ToolsService', () => {
  let home: string;
  let dataDir: string;
  let store: Store;
  let tools: ToolsService;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'mg-tools-svc-home-'));
    dataDir = mkdtempSync(join(tmpdir(), 'mg-tools-svc-data-'));
    store = openStore(dataDir);
    tools = new ToolsService(store, { home, dataDir, port: () => 8787 });
  });
  afterEach(() => {
    store.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every tool, connects one with a token named after it, and disconnects it', () => {
    expect(tools.list().map((t) => [t.id, t.status])).toEqual([
      ['claude-code', 'disconnected'],
      ['codex', 'disconnected'],
      ['gemini-cli', 'disconnected'],
      ['opencode', 'disconnected'],
      ['shell', 'disconnected'],
    ]);
    const plan = tools.plan({ tool: 'codex', models: { model: 'sim-all' } });
    expect(plan.changes[0]?.diff).toContain('+model = "sim-all"');
    expect(store.tokens.list()).toEqual([]);

    const result = tools.connect({ tool: 'codex', models: { model: 'sim-all' } });
    expect(result.changes[0]?.diff).not.toContain(result.token);
    expect(store.tokens.list().map((t) => [t.name, t.revokedAt])).toEqual([['codex', null]]);
    expect(tools.list().find((t) => t.id === 'codex')).toMatchObject({
      status: 'connected',
      tokenName: 'codex',
      models: { model: 'sim-all' },
      today: { requests: 0, costUsd: 0 },
    });

    expect(tools.disconnect('codex')).toMatchObject({ restored: ['~/.codex/config.toml'] });
    expect(store.tokens.list()[0]?.revokedAt).not.toBeNull();
    expect(() => tools.disconnect('codex')).toThrow(AppError);
  });

  it('names the catalog text of a connector’s refusal, for the UI’s language', () => {
    const thrown = (action: () => unknown): unknown => {
      try {
        action();
      } catch (error) {
        return error;
      }
      return expect.fail('not refused');
    };
    expect(thrown(() => tools.disconnect('codex'))).toMatchObject({
      code: 'not_found',
      i18n: { key: 'tools.errors.notConnected', params: { tool: 'Codex CLI' } },
    });
    expect(thrown(() => tools.connect({ tool: 'claude-code' }))).toMatchObject({
      code: 'bad_request',
      i18n: { key: 'tools.errors.noModelChosen' },
    });
    mkdirSync(join(home, '.codex'));
    writeFileSync(join(home, '.codex', 'config.toml'), 'model = \n');
    expect(thrown(() => tools.plan({ tool: 'codex', models: { model: 'm' } }))).toMatchObject({
      code: 'bad_request',
      i18n: { key: 'tools.errors.configInvalid', params: { file: '~/.codex/config.toml' } },
    });
    writeFileSync(join(home, '.codex', 'config.toml'), 'model = "m"\n');
    chmodSync(join(home, '.codex', 'config.toml'), 0o000);
    if (process.getuid?.() !== 0)
      expect(thrown(() => tools.plan({ tool: 'codex', models: { model: 'm' } }))).toMatchObject({
        code: 'bad_request',
        i18n: {
          key: 'tools.errors.configUnreadable',
          params: { file: '~/.codex/config.toml', detail: 'EACCES' },
        },
      });
  });

  it('asks for a model in words the user can act on', () => {
    expect(() => tools.connect({ tool: 'claude-code' })).toThrow(/No model chosen/);
    expect(store.tokens.list()).toEqual([]);
  });

  it('takes a model route’s name wherever a model is chosen: nothing checks it against the catalog', () => {
    store.modelRoutes.save({ name: 'coding', models: ['sim-chat', 'sim-gemini'] });
    const result = tools.connect({
      tool: 'claude-code',
      models: { model: 'coding', haiku: 'fast' },
    });
    expect(result.changes[0]?.diff).toContain('"ANTHROPIC_MODEL": "coding"');
    expect(tools.list().find((t) => t.id === 'claude-code')?.models).toMatchObject({
      model: 'coding',
      haiku: 'fast',
    });
  });
});
