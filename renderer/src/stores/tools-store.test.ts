import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolInfo } from '../../../shared/contract.ts';
import { ApiError } from '../api/api-error.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { useToolsStore } = await import('./tools-store.ts');

const CODEX: ToolInfo = {
  id: 'codex',
  name: 'Codex CLI',
  format: 'responses',
  installed: true,
  configDirExists: true,
  status: 'disconnected',
  files: ['~/.codex/config.toml'],
  changedFiles: [],
  slots: [{ key: 'model', label: 'Model' }],
  models: null,
  tokenName: null,
  connectedAt: null,
  today: { requests: 0, costUsd: 0 },
};

describe('the tools store', () => {
  beforeEach(() => {
    call.mockReset();
    useToolsStore.setState({
      tools: [],
      status: 'idle',
      error: null,
      mappings: {},
      busy: {},
      plans: {},
      outcomes: {},
    });
  });

  it('loads the tools and seeds their pickers from the catalog once', async () => {
    call.mockResolvedValueOnce([CODEX]);
    await useToolsStore.getState().load();
    expect(useToolsStore.getState().status).toBe('ready');
    const models = [{ id: 'm1', formats: ['responses'], translatedFormats: [] }];
    useToolsStore.getState().seedMappings(models as never);
    expect(useToolsStore.getState().mappings.codex).toEqual({ model: 'm1' });
    useToolsStore.getState().setSlot('codex', 'model', 'm2');
    useToolsStore.getState().seedMappings(models as never);
    expect(useToolsStore.getState().mappings.codex).toEqual({ model: 'm2' });
  });

  it('plans with the mapping, and a new pick drops the plan', async () => {
    useToolsStore.setState({ tools: [CODEX], mappings: { codex: { model: 'm1' } } });
    call.mockResolvedValueOnce({
      id: 'codex',
      changes: [{ path: 'p', diff: '+x' }],
      snippet: null,
    });
    const running = useToolsStore.getState().plan('codex');
    expect(useToolsStore.getState().busy.codex).toBe('plan');
    await running;
    expect(call).toHaveBeenCalledWith('tools.plan', { tool: 'codex', models: { model: 'm1' } });
    expect(useToolsStore.getState().busy.codex).toBeUndefined();
    expect(useToolsStore.getState().plans.codex?.changes[0]?.diff).toBe('+x');
    useToolsStore.getState().setSlot('codex', 'model', 'm2');
    expect(useToolsStore.getState().plans.codex).toBeUndefined();
  });

  it('connects, keeps the result and reads the list again', async () => {
    useToolsStore.setState({ tools: [CODEX], mappings: { codex: { model: 'm1' } } });
    const result = { id: 'codex', changes: [], snippet: null, tokenName: 'codex', token: 't' };
    call
      .mockResolvedValueOnce(result)
      .mockResolvedValueOnce([{ ...CODEX, status: 'connected', tokenName: 'codex' }]);
    await useToolsStore.getState().connect('codex');
    expect(call.mock.calls.map((c) => c[0])).toEqual(['tools.connect', 'tools.list']);
    expect(useToolsStore.getState().outcomes.codex).toEqual({ kind: 'connected', result });
    expect(useToolsStore.getState().tools[0]?.status).toBe('connected');
  });

  it('remembers the token name a disconnect revoked', async () => {
    useToolsStore.setState({ tools: [{ ...CODEX, status: 'connected', tokenName: 'codex' }] });
    const result = { id: 'codex', restored: ['~/.codex/config.toml'], edited: [] };
    call.mockResolvedValueOnce(result).mockResolvedValueOnce([CODEX]);
    await useToolsStore.getState().disconnect('codex');
    expect(call).toHaveBeenCalledWith('tools.disconnect', { tool: 'codex' });
    expect(useToolsStore.getState().outcomes.codex).toEqual({
      kind: 'disconnected',
      result,
      tokenName: 'codex',
    });
  });

  it('keeps a failure with its code as the tool’s outcome', async () => {
    useToolsStore.setState({ tools: [CODEX], mappings: { codex: { model: 'm1' } } });
    call.mockRejectedValueOnce(new ApiError('bad_request', 'x is not valid: line 2', 400));
    await useToolsStore.getState().connect('codex');
    expect(useToolsStore.getState().outcomes.codex).toEqual({
      kind: 'error',
      action: 'connect',
      code: 'bad_request',
      message: 'x is not valid: line 2',
    });
    expect(useToolsStore.getState().busy.codex).toBeUndefined();
    expect(call).toHaveBeenCalledTimes(1);
  });
});
