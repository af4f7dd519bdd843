import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type * as StoreModule from '../electron/store/index.ts';
import type { TokenLimits } from '../electron/gateway/policy/limits.ts';

/**
 * What the routes-and-budgets measurements share: a route and two local tokens, stored the way
 * the app stores them, in a store of the run's sources (the snapshot, see snapshot.ts).
 */

/** The route both measurements resolve: one model, so an answer is the same as `sim-chat`'s. */
export const BENCH_ROUTE = 'bench-route';
export const ROUTED_MODEL = 'sim-chat';

/**
 * The limited token's limits: every kind the ledger counts (two budgets, both per-minute rates),
 * so large that a process takes room in SQLite about once a minute (a new minute's rates) and
 * otherwise admits from the room it took ahead (a quarter of what is left: ~250,000 USD, 250
 * million requests), as a token far from its limits does. Room retaken near a limit is not timed.
 */
const BENCH_LIMITS: TokenLimits = {
  dailyUsd: 1e6,
  weeklyUsd: null,
  monthlyUsd: 1e6,
  rpm: 1e9,
  tpm: 1e12,
  models: null,
  thenRoute: null,
};

export interface BenchToken {
  id: string;
  name: string;
  /** The token itself, for `Authorization: Bearer`. */
  token: string;
}

export interface BenchTokens {
  /** No limits. */
  plain: BenchToken;
  /** BENCH_LIMITS. */
  limited: BenchToken;
}

/** A module of the run's sources (`root`: the snapshot), loaded in this process. */
export async function importSources<T>(root: string, path: string): Promise<T> {
  return (await import(pathToFileURL(join(root, path)).href)) as T;
}

export const loadStoreModule = (root: string): Promise<typeof StoreModule> =>
  importSources<typeof StoreModule>(root, 'electron/store/index.ts');

/** Saves the route and creates the two tokens, the limited one with its limits. */
export function preparePolicy(store: StoreModule.Store): BenchTokens {
  store.modelRoutes.save({ name: BENCH_ROUTE, models: [ROUTED_MODEL] });
  const create = (name: string): BenchToken => {
    const { token, info } = store.tokens.create(name);
    return { id: info.id, name: info.name, token };
  };
  const plain = create('plain');
  const limited = create('limited');
  store.tokenLimits.set(limited.id, BENCH_LIMITS);
  return { plain, limited };
}

/** Requests the gateway logged, per token and route. */
export interface LoggedRequests {
  client: string | null;
  modelRoute: string | null;
  requests: number;
  /** Of them answered 200. */
  ok: number;
  costUsd: number;
}

interface PolicyDataDir {
  dir: string;
  tokens: BenchTokens;
  /** What the gateway logged; read once it has stopped (its last records are written on close). */
  logged(): LoggedRequests[];
  remove(): void;
}

/** A data dir for `model-gateway serve`, with the route and tokens stored before it starts. */
export async function preparePolicyDataDir(root: string): Promise<PolicyDataDir> {
  const { openStore } = await loadStoreModule(root);
  const dir = mkdtempSync(join(tmpdir(), 'mgw-bench-policy-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  let tokens: BenchTokens;
  try {
    const store = openStore(dir);
    try {
      tokens = preparePolicy(store);
    } finally {
      store.close();
    }
  } catch (error) {
    remove();
    throw error;
  }
  return {
    dir,
    tokens,
    remove,
    logged() {
      const db = new Database(join(dir, 'gateway.sqlite'), { readonly: true });
      try {
        return db
          .prepare<[], LoggedRequests>(
            `SELECT client, model_route AS modelRoute, count(*) AS requests,
               sum(status = 200) AS ok, total(cost_usd) AS costUsd
             FROM request_log GROUP BY client, model_route ORDER BY client, model_route`,
          )
          .all();
      } finally {
        db.close();
      }
    },
  };
}
