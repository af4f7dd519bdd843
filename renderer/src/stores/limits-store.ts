import { create } from 'zustand';
import type { AppEvents, BudgetStatus, TokenLimits } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';

interface LimitsState {
  /** Every budget of every active token, as `limits.status` last said. */
  budgets: BudgetStatus[];
  budgetsStatus: LoadStatus;
  budgetsError: string | null;
  /** Each token's limits as last read or saved, by token id. */
  limits: Record<string, TokenLimits>;
  /** Why a token's limits could not be read, by token id. */
  limitsErrors: Record<string, string>;
  loadBudgets(): Promise<void>;
  /** Reads the limits of these tokens (the Settings table's summaries). */
  loadLimits(tokenIds: string[]): Promise<void>;
  /** One token's limits, read again (the editor opens on the current values). */
  fetchLimits(tokenId: string): Promise<TokenLimits>;
  /** Saves a token's limits; throws the app's refusal (nothing changed) for the form. */
  saveLimits(tokenId: string, limits: TokenLimits): Promise<TokenLimits>;
  /** A `budget.alert`: the budget's new numbers at once, then everything read again. */
  onAlert(alert: AppEvents['budget.alert']): void;
}

let budgetsSeq = 0;

/** The budgets of one token (by id or, as a tool knows its token, by name), daily first. */
export function budgetsOf(
  budgets: BudgetStatus[],
  token: { id?: string; name?: string },
): BudgetStatus[] {
  const order = { day: 0, week: 1, month: 2 };
  return budgets
    .filter((b) => (token.id ? b.tokenId === token.id : b.tokenName === token.name))
    .sort((a, b) => order[a.period] - order[b.period]);
}

export const useLimitsStore = create<LimitsState>()((set, get) => ({
  budgets: [],
  budgetsStatus: 'idle',
  budgetsError: null,
  limits: {},
  limitsErrors: {},

  async loadBudgets() {
    const seq = ++budgetsSeq;
    set({
      budgetsStatus: get().budgetsStatus === 'ready' ? 'ready' : 'loading',
      budgetsError: null,
    });
    try {
      const budgets = await getApi().call('limits.status');
      if (seq === budgetsSeq) set({ budgets, budgetsStatus: 'ready' });
    } catch (error) {
      if (seq !== budgetsSeq) return;
      set({
        budgetsStatus: get().budgetsStatus === 'ready' ? 'ready' : 'error',
        budgetsError: errorMessage(error),
      });
    }
  },

  async loadLimits(tokenIds) {
    const results = await Promise.allSettled(
      tokenIds.map((tokenId) => getApi().call('limits.get', { tokenId })),
    );
    const limits = { ...get().limits };
    const limitsErrors = { ...get().limitsErrors };
    results.forEach((result, i) => {
      const id = tokenIds[i];
      if (id === undefined) return;
      if (result.status === 'fulfilled') {
        limits[id] = result.value;
        delete limitsErrors[id];
      } else limitsErrors[id] = errorMessage(result.reason);
    });
    set({ limits, limitsErrors });
  },

  async fetchLimits(tokenId) {
    const limits = await getApi().call('limits.get', { tokenId });
    set({ limits: { ...get().limits, [tokenId]: limits } });
    return limits;
  },

  async saveLimits(tokenId, next) {
    const saved = await getApi().call('limits.set', { tokenId, limits: next });
    const limitsErrors = { ...get().limitsErrors };
    delete limitsErrors[tokenId];
    set({ limits: { ...get().limits, [tokenId]: saved }, limitsErrors });
    // Budgets added, changed or removed: the bars follow.
    void get().loadBudgets();
    return saved;
  },

  onAlert(alert) {
    const { level: _level, ...budget } = alert;
    const same = (b: BudgetStatus) => b.tokenId === budget.tokenId && b.period === budget.period;
    const budgets = get().budgets.some(same)
      ? get().budgets.map((b) => (same(b) ? budget : b))
      : [...get().budgets, budget];
    set({ budgets });
    void get().loadBudgets();
  },
}));
