import { describe, expect, it } from 'vitest';
import type { ModelInfo, ToolInfo } from '../../../../shared/contract.ts';
import {
  connectedText,
  connectModels,
  disconnectedText,
  formatFit,
  initialMapping,
  installText,
  mappingProblem,
  problemLocation,
  statusView,
  todayText,
  toolErrorView,
} from './tool-view.ts';

const tool = (over: Partial<ToolInfo> = {}): ToolInfo => ({
  id: 'codex',
  name: 'Codex CLI',
  format: 'responses',
  installed: false,
  configDirExists: true,
  status: 'disconnected',
  files: ['~/.codex/config.toml'],
  changedFiles: [],
  slots: [{ key: 'model', label: 'Model' }],
  models: null,
  tokenName: null,
  connectedAt: null,
  today: { requests: 0, costUsd: 0 },
  ...over,
});

const model = (id: string, formats: ModelInfo['formats'], translated: ModelInfo['formats']) =>
  ({ id, formats, translatedFormats: translated }) as ModelInfo;

const CATALOG = [
  model('chat-only', ['chat'], ['gemini']),
  model('via-translation', ['gemini'], ['responses', 'chat']),
  model('speaks-responses', ['responses', 'chat'], []),
];

describe('statusView', () => {
  it('says what a change made outside means and what to do', () => {
    const view = statusView(
      tool({ status: 'changed', changedFiles: ['~/.codex/config.toml'], tokenName: 'codex' }),
    );
    expect(view.label).toBe('Changed outside');
    expect(view.badge).toBe('warning');
    expect(view.detail).toContain('~/.codex/config.toml changed since this app wrote it');
    expect(view.action).toContain('Disconnect takes out only the gateway’s keys');
  });

  it('names the token of a connected tool', () => {
    const view = statusView(tool({ status: 'connected', tokenName: 'codex' }));
    expect(view).toMatchObject({ label: 'Connected', badge: 'success', action: null });
    expect(view.detail).toContain("token 'codex'");
  });

  it('explains a gateway set up by hand and the shell snippet', () => {
    expect(statusView(tool({ status: 'elsewhere' })).action).toContain('backed up');
    expect(statusView(tool({ id: 'shell', files: [] })).detail).toContain('lines to paste');
  });
});

describe('installText and todayText', () => {
  it('tells a missing program from a missing config folder', () => {
    expect(installText(tool({ installed: true }))).toBe('Detected');
    expect(installText(tool())).toBe('Not on PATH (config folder found)');
    expect(installText(tool({ configDirExists: false }))).toBe('Not installed');
  });

  it('counts requests and cost', () => {
    expect(todayText({ requests: 1, costUsd: 0.0123 })).toBe('1 request · $0.0123 today');
    expect(todayText({ requests: 0, costUsd: 0 })).toBe('0 requests · $0.00 today');
  });
});

describe('the model mapping', () => {
  it('rates how a model reaches the tool', () => {
    expect(formatFit(CATALOG[2]!, 'responses')).toBe('native');
    expect(formatFit(CATALOG[1]!, 'responses')).toBe('translated');
    expect(formatFit(CATALOG[0]!, 'responses')).toBe('none');
  });

  it('starts from the saved mapping, else a native model, else a translated one', () => {
    expect(initialMapping(tool(), CATALOG)).toEqual({ model: 'speaks-responses' });
    expect(initialMapping(tool(), CATALOG.slice(0, 2))).toEqual({ model: 'via-translation' });
    expect(initialMapping(tool({ models: { model: 'chat-only' } }), CATALOG)).toEqual({
      model: 'chat-only',
    });
    const claude = tool({
      id: 'claude-code',
      format: 'anthropic',
      slots: [
        { key: 'model', label: 'Model' },
        { key: 'haiku', label: 'Haiku' },
      ],
      models: { model: 'a', haiku: 'b' },
    });
    expect(initialMapping(claude, [])).toEqual({ model: 'a', haiku: 'b' });
    expect(initialMapping({ ...claude, models: null }, [])).toEqual({ model: '', haiku: '' });
  });

  it('leaves out empty slots and asks for the main one', () => {
    expect(connectModels({ model: ' m ', haiku: '', opus: 'o' })).toEqual({
      model: 'm',
      opus: 'o',
    });
    expect(mappingProblem(tool(), { model: '' })).toBe('Choose the model Codex CLI should use.');
    expect(mappingProblem(tool(), { model: 'm' })).toBeNull();
    expect(mappingProblem(tool({ id: 'shell', slots: [] }), {})).toBeNull();
  });
});

describe('toolErrorView', () => {
  it('tells how to fix a malformed file', () => {
    const view = toolErrorView(
      'connect',
      'bad_request',
      '~/.codex/config.toml is not valid: line 3: expected =. Nothing was changed; fix the file and try again.',
    );
    expect(view.title).toBe('Not connected: a config file cannot be read');
    expect(view.message).toContain('line 3');
    expect(view.action).toBe(
      'Fix ~/.codex/config.toml at line 3, or move it out of the way (the tool will make a new one), then try again. Nothing was written.',
    );
  });

  it('finds the line in either parser’s words', () => {
    expect(problemLocation('x is not valid: Error parsing TOML (11, 8):.')).toBe(
      'line 11, column 8',
    );
    expect(problemLocation('x is not valid: line 4: unexpected }')).toBe('line 4');
    expect(problemLocation('x is not valid: the top level is not an object')).toBeNull();
  });

  it('sends a token name clash to Settings and a changed file to Disconnect', () => {
    const clash = toolErrorView(
      'connect',
      'conflict',
      "An active token named 'codex' already exists. Revoke it or choose another name.",
    );
    expect(clash.settingsLink).toBe(true);
    const changed = toolErrorView(
      'plan',
      'conflict',
      '~/.codex/config.toml changed since this app wrote it; not overwriting.',
    );
    expect(changed).toMatchObject({
      settingsLink: false,
      title: 'The change could not be prepared',
    });
    expect(changed.action).toContain('Disconnect first');
    expect(toolErrorView('disconnect', 'failed', 'boom').action).toBeNull();
  });
});

describe('confirmations', () => {
  it('says what was written and which token was created', () => {
    const text = connectedText('Codex CLI', {
      id: 'codex',
      changes: [{ path: '~/.codex/config.toml', diff: '' }],
      snippet: null,
      tokenName: 'codex',
      token: 'mgw_x',
    });
    expect(text).toBe(
      "Codex CLI is connected. Wrote ~/.codex/config.toml; created the token 'codex', which the file now holds.",
    );
  });

  it('says what was put back and which token was revoked', () => {
    expect(
      disconnectedText('Codex CLI', 'codex', {
        id: 'codex',
        restored: ['~/.codex/config.toml'],
        edited: [],
      }),
    ).toBe(
      "Codex CLI is disconnected. Put ~/.codex/config.toml back exactly as it was; revoked the token 'codex'.",
    );
    expect(
      disconnectedText('Gemini CLI', null, {
        id: 'gemini-cli',
        restored: [],
        edited: ['~/.gemini/.env'],
      }),
    ).toContain('Took only the gateway’s keys out of ~/.gemini/.env');
  });
});
