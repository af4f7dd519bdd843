import { create } from 'zustand';
import type { TokenInfo } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';

interface TokensState {
  tokens: TokenInfo[];
  status: LoadStatus;
  error: string | null;
  /** The secret of the token created last, held only until dismissed: it is never shown again. */
  created: { token: string; info: TokenInfo } | null;
  load(): Promise<void>;
  create(name: string): Promise<void>;
  revoke(id: string): Promise<void>;
  dismissCreated(): void;
}

export const useTokensStore = create<TokensState>()((set, get) => ({
  tokens: [],
  status: 'idle',
  error: null,
  created: null,

  async load() {
    set({ status: get().tokens.length > 0 ? 'ready' : 'loading', error: null });
    try {
      set({ tokens: await getApi().call('tokens.list'), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: errorMessage(error) });
    }
  },

  async create(name) {
    const created = await getApi().call('tokens.create', { name });
    set({
      created,
      tokens: [created.info, ...get().tokens.filter((t) => t.id !== created.info.id)],
    });
  },

  async revoke(id) {
    await getApi().call('tokens.revoke', { id });
    await get().load();
  },

  dismissCreated: () => set({ created: null }),
}));
