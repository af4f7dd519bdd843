import { create } from 'zustand';
import type {
  ModelInfo,
  ToolConnectResult,
  ToolDisconnectResult,
  ToolInfo,
  ToolPlanInfo,
} from '../../../shared/contract.ts';
import { ApiError } from '../api/api-error.ts';
import { errorMessage, getApi } from '../api/index.ts';
import { connectModels, initialMapping } from '../pages/tools/tool-view.ts';
import type { LoadStatus } from './load-status.ts';

export type ToolId = ToolInfo['id'];
export type ToolAction = 'plan' | 'connect' | 'disconnect';

/** The last thing that happened to a tool, for its card's confirmation or error. */
type ToolOutcome =
  | { kind: 'connected'; result: ToolConnectResult }
  | { kind: 'disconnected'; result: ToolDisconnectResult; tokenName: string | null }
  | { kind: 'error'; action: ToolAction; code: string; message: string };

interface ToolsState {
  tools: ToolInfo[];
  status: LoadStatus;
  error: string | null;
  /** Slot → model per tool, as the pickers show it (kept across visits to the page). */
  mappings: Partial<Record<ToolId, Record<string, string>>>;
  /** The action running on each tool. */
  busy: Partial<Record<ToolId, ToolAction>>;
  /** The change `Show the change` planned, for the mapping it was planned with. */
  plans: Partial<Record<ToolId, ToolPlanInfo>>;
  outcomes: Partial<Record<ToolId, ToolOutcome>>;
  load(): Promise<void>;
  /** Fills the pickers of tools that have no mapping yet (once the catalog is here). */
  seedMappings(models: ModelInfo[]): void;
  setSlot(tool: ToolId, slot: string, model: string): void;
  plan(tool: ToolId): Promise<void>;
  connect(tool: ToolId): Promise<void>;
  disconnect(tool: ToolId): Promise<void>;
  hidePlan(tool: ToolId): void;
  dismiss(tool: ToolId): void;
}

const codeOf = (error: unknown): string => (error instanceof ApiError ? error.code : 'failed');

export const useToolsStore = create<ToolsState>()((set, get) => {
  const patch = <K extends 'busy' | 'plans' | 'outcomes' | 'mappings'>(
    key: K,
    tool: ToolId,
    value: ToolsState[K][ToolId] | undefined,
  ) => {
    const next = { ...get()[key] } as ToolsState[K];
    if (value === undefined) delete next[tool];
    else next[tool] = value;
    set({ [key]: next } as Pick<ToolsState, K>);
  };

  /** Runs one action on a tool: busy while it runs, its failure kept as the tool's outcome. */
  async function run<T>(tool: ToolId, action: ToolAction, call: () => Promise<T>) {
    if (get().busy[tool]) return undefined;
    patch('busy', tool, action);
    patch('outcomes', tool, undefined);
    try {
      return await call();
    } catch (error) {
      patch('outcomes', tool, {
        kind: 'error',
        action,
        code: codeOf(error),
        message: errorMessage(error),
      });
      return undefined;
    } finally {
      patch('busy', tool, undefined);
    }
  }

  const params = (tool: ToolId) => {
    const models = connectModels(get().mappings[tool] ?? {});
    return Object.keys(models).length > 0 ? { tool, models } : { tool };
  };

  return {
    tools: [],
    status: 'idle',
    error: null,
    mappings: {},
    busy: {},
    plans: {},
    outcomes: {},

    async load() {
      set({ status: get().tools.length > 0 ? 'ready' : 'loading', error: null });
      try {
        set({ tools: await getApi().call('tools.list'), status: 'ready' });
      } catch (error) {
        set({ status: get().tools.length > 0 ? 'ready' : 'error', error: errorMessage(error) });
      }
    },

    seedMappings(models) {
      const mappings = { ...get().mappings };
      let changed = false;
      for (const tool of get().tools) {
        if (mappings[tool.id] || tool.slots.length === 0) continue;
        mappings[tool.id] = initialMapping(tool, models);
        changed = true;
      }
      if (changed) set({ mappings });
    },

    setSlot(tool, slot, model) {
      patch('mappings', tool, { ...get().mappings[tool], [slot]: model });
      // A change shown for another mapping would mislead.
      patch('plans', tool, undefined);
    },

    async plan(tool) {
      const plan = await run(tool, 'plan', () => getApi().call('tools.plan', params(tool)));
      if (plan) patch('plans', tool, plan);
    },

    async connect(tool) {
      const result = await run(tool, 'connect', () => getApi().call('tools.connect', params(tool)));
      if (!result) return;
      patch('plans', tool, undefined);
      patch('outcomes', tool, { kind: 'connected', result });
      await get().load();
    },

    async disconnect(tool) {
      const tokenName = get().tools.find((t) => t.id === tool)?.tokenName ?? null;
      const result = await run(tool, 'disconnect', () =>
        getApi().call('tools.disconnect', { tool }),
      );
      if (!result) return;
      patch('plans', tool, undefined);
      patch('outcomes', tool, { kind: 'disconnected', result, tokenName });
      await get().load();
    },

    hidePlan: (tool) => patch('plans', tool, undefined),
    dismiss: (tool) => patch('outcomes', tool, undefined),
  };
});
