import type Database from 'better-sqlite3';
import type { ModelRoute } from '../gateway/policy/model-route.ts';
import { ExternalChanges } from './external-changes.ts';
import { isStringArray, parseJson } from './parse-json.ts';
import { checkModels, checkName, checkNoLoop, checkWait, flatten } from './model-route-rules.ts';
import { DuplicateNameError, InvalidInputError, isUniqueViolation } from './store-errors.ts';
import { errorText } from '../../shared/error-text.ts';

/** A route as stored: its own members (other routes' names unexpanded), and when it changed. */
export interface StoredModelRoute extends ModelRoute {
  createdAt: number;
  updatedAt: number;
}

/**
 * A new route, or new values for one (`previousName` names the route changed, and renames it
 * when it differs). An option left out keeps the route's value (the default for a new one).
 */
export interface ModelRouteInput {
  name: string;
  previousName?: string;
  models: readonly string[];
  shadow?: boolean;
  firstByteTimeoutMs?: number | null;
  maxRetryAfterMs?: number | null;
}

interface RouteRow {
  name: string;
  models: string;
  shadow: number;
  first_byte_timeout_ms: number | null;
  max_retry_after_ms: number | null;
  created_at: number;
  updated_at: number;
}

const toRoute = (row: RouteRow): StoredModelRoute => {
  const models = parseJson(row.models);
  return Object.freeze({
    name: row.name,
    models: Object.freeze(isStringArray(models) ? models : []),
    shadow: row.shadow === 1,
    firstByteTimeoutMs: row.first_byte_timeout_ms,
    maxRetryAfterMs: row.max_retry_after_ms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
};

/**
 * Model routes: names clients send as their model, standing for catalog models tried in order.
 * The gateway resolves one on every request, so every route is kept in memory, already
 * flattened, and refilled when another connection (the CLI, another gateway on the data dir)
 * writes, seen within `EXTERNAL_CHANGE_CHECK_MS`. Names are case-sensitive, as model ids are.
 */
export class ModelRouteRepo {
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly changes: ExternalChanges;
  private readonly tokenLimitsChanged: () => void;
  private readonly all: Database.Statement<[], RouteRow>;
  private readonly byName: Database.Statement<[string], RouteRow>;
  private readonly insert: Database.Statement<unknown[]>;
  private readonly update: Database.Statement<unknown[]>;
  private readonly setModels: Database.Statement<[string, number, string]>;
  private readonly remove: Database.Statement<[string]>;
  private readonly budgetsSendingTo: Database.Statement<[string], { name: string }>;
  private readonly renameThenRoute: Database.Statement<[string, number, string]>;
  private readonly allowLists: Database.Statement<[], { token_id: string; models: string }>;
  private readonly setAllowList: Database.Statement<[string, number, string]>;
  private routes: StoredModelRoute[] = [];
  private stored = new Map<string, StoredModelRoute>();
  private resolved = new Map<string, ModelRoute>();
  private loadedAt = -1;

  /** `tokenLimitsChanged` is told when a rename rewrote token limits naming the route. */
  constructor(
    db: Database.Database,
    now: () => number = Date.now,
    changes: ExternalChanges = new ExternalChanges(db),
    tokenLimitsChanged: () => void = () => {},
  ) {
    this.db = db;
    this.now = now;
    this.changes = changes;
    this.tokenLimitsChanged = tokenLimitsChanged;
    this.all = db.prepare<[], RouteRow>('SELECT * FROM model_routes ORDER BY name');
    this.byName = db.prepare<[string], RouteRow>('SELECT * FROM model_routes WHERE name = ?');
    this.insert = db.prepare<unknown[]>(
      `INSERT INTO model_routes (name, models, shadow, first_byte_timeout_ms, max_retry_after_ms,
         created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.update = db.prepare<unknown[]>(
      `UPDATE model_routes SET name = ?, models = ?, shadow = ?, first_byte_timeout_ms = ?,
         max_retry_after_ms = ?, updated_at = ? WHERE name = ?`,
    );
    this.setModels = db.prepare<[string, number, string]>(
      'UPDATE model_routes SET models = ?, updated_at = ? WHERE name = ?',
    );
    this.remove = db.prepare<[string]>('DELETE FROM model_routes WHERE name = ?');
    this.budgetsSendingTo = db.prepare<[string], { name: string }>(
      `SELECT t.name FROM token_limits l JOIN local_tokens t ON t.id = l.token_id
       WHERE l.then_route = ? ORDER BY t.name`,
    );
    this.renameThenRoute = db.prepare<[string, number, string]>(
      'UPDATE token_limits SET then_route = ?, updated_at = ? WHERE then_route = ?',
    );
    this.allowLists = db.prepare<[], { token_id: string; models: string }>(
      'SELECT token_id, models FROM token_limits WHERE models IS NOT NULL',
    );
    this.setAllowList = db.prepare<[string, number, string]>(
      'UPDATE token_limits SET models = ?, updated_at = ? WHERE token_id = ?',
    );
    this.reload();
  }

  /** Every route as stored, by name. */
  list(): StoredModelRoute[] {
    this.refresh();
    return [...this.routes];
  }

  get(name: string): StoredModelRoute | undefined {
    this.refresh();
    return this.stored.get(name);
  }

  /**
   * The route a client's model names, ready to try: a member that is another route's name
   * stands for that route's models, in its place, and a model met twice is tried only once.
   */
  resolve(name: string): ModelRoute | undefined {
    this.refresh();
    return this.resolved.get(name);
  }

  /** Creates or changes a route; refuses (changing nothing) what would break routing. */
  save(input: ModelRouteInput): StoredModelRoute {
    const name = input.name.trim();
    const previousName = input.previousName?.trim();
    checkName(name);
    const models = checkModels(input.models);
    const firstByteTimeoutMs = checkWait(input.firstByteTimeoutMs, 'firstByteTimeout');
    const maxRetryAfterMs = checkWait(input.maxRetryAfterMs, 'maxRetryAfter');
    // Under the write lock: another process must not slip a route in between check and write.
    const write = this.db.transaction((): { route: StoredModelRoute; limitsChanged: boolean } => {
      const existing = previousName === undefined ? undefined : this.byName.get(previousName);
      if (previousName !== undefined && !existing) {
        throw new InvalidInputError(
          `There is no route named '${previousName}' to change.`,
          errorText('routes.errors.noneToChange', { name: previousName }),
        );
      }
      const renamed = existing !== undefined && existing.name !== name;
      if ((!existing || renamed) && this.byName.get(name)) throw duplicate(name);
      const members = renamed ? models.map((m) => (m === existing.name ? name : m)) : models;
      const shadow = input.shadow ?? (existing ? existing.shadow === 1 : false);
      checkNoLoop(name, members, this.graphWith(name, members, existing?.name), shadow);
      const at = this.now();
      const row: RouteRow = {
        name,
        models: JSON.stringify(members),
        shadow: shadow ? 1 : 0,
        first_byte_timeout_ms:
          firstByteTimeoutMs === undefined
            ? (existing?.first_byte_timeout_ms ?? null)
            : firstByteTimeoutMs,
        max_retry_after_ms:
          maxRetryAfterMs === undefined ? (existing?.max_retry_after_ms ?? null) : maxRetryAfterMs,
        created_at: existing?.created_at ?? at,
        updated_at: at,
      };
      const values = [
        row.name,
        row.models,
        row.shadow,
        row.first_byte_timeout_ms,
        row.max_retry_after_ms,
      ];
      if (existing) this.update.run(...values, at, existing.name);
      else this.insert.run(...values, row.created_at, at);
      const limitsChanged = renamed ? this.renameEverywhere(existing.name, name, at) : false;
      return { route: toRoute(row), limitsChanged };
    });
    let result: { route: StoredModelRoute; limitsChanged: boolean };
    try {
      result = write.immediate();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(name);
      throw error;
    }
    this.reload();
    if (result.limitsChanged) this.tokenLimitsChanged();
    return result.route;
  }

  /**
   * Deletes a route; false when there is none of that name. Refused while another route
   * includes it or a token's budget sends requests to it: they would break silently.
   */
  delete(name: string): boolean {
    const deleted = this.db
      .transaction((): boolean => {
        const users = this.all
          .all()
          .map(toRoute)
          .filter((route) => route.name !== name && route.models.includes(name))
          .map((route) => `'${route.name}'`);
        if (users.length > 0) {
          throw new InvalidInputError(
            `Route '${name}' is part of ${plural(users, 'route')}; take it out of ${users.length > 1 ? 'them' : 'it'} first.`,
            errorText('routes.errors.inUseByRoutes', {
              name,
              routes: users.join(', '),
              count: users.length,
            }),
          );
        }
        const tokens = this.budgetsSendingTo.all(name).map((token) => `'${token.name}'`);
        if (tokens.length > 0) {
          throw new InvalidInputError(
            `Route '${name}' is where ${plural(tokens, 'token')} send${tokens.length > 1 ? '' : 's'} requests once a budget is spent; change ${tokens.length > 1 ? 'their' : 'its'} limits first.`,
            errorText('routes.errors.inUseByBudgets', {
              name,
              tokens: tokens.join(', '),
              count: tokens.length,
            }),
          );
        }
        return this.remove.run(name).changes > 0;
      })
      .immediate();
    if (deleted) this.reload();
    return deleted;
  }

  /** Re-reads every route; for changes made by another process on the same database. */
  reload(): void {
    this.loadedAt = this.changes.current();
    this.routes = this.all.all().map(toRoute);
    this.stored = new Map(this.routes.map((route) => [route.name, route]));
    this.resolved = new Map(
      this.routes.map((route) => [
        route.name,
        Object.freeze({
          name: route.name,
          models: Object.freeze(flatten(route, this.stored)),
          shadow: route.shadow,
          firstByteTimeoutMs: route.firstByteTimeoutMs,
          maxRetryAfterMs: route.maxRetryAfterMs,
        }),
      ]),
    );
  }

  private refresh(): void {
    if (this.changes.current() !== this.loadedAt) this.reload();
  }

  /** Every route's members as they would be once `name` holds `members` (renamed from `was`). */
  private graphWith(
    name: string,
    members: readonly string[],
    was?: string,
  ): Map<string, readonly string[]> {
    const graph = new Map<string, readonly string[]>();
    for (const route of this.all.all().map(toRoute)) {
      if (route.name === was) continue;
      graph.set(
        route.name,
        was === undefined ? route.models : route.models.map((m) => (m === was ? name : m)),
      );
    }
    graph.set(name, members);
    return graph;
  }

  /** Points every other route, and every token limit, that named `from` at `to`. */
  private renameEverywhere(from: string, to: string, at: number): boolean {
    for (const route of this.all.all().map(toRoute)) {
      if (route.name === to || !route.models.includes(from)) continue;
      const models = route.models.map((m) => (m === from ? to : m));
      this.setModels.run(JSON.stringify(models), at, route.name);
    }
    let changed = this.renameThenRoute.run(to, at, from).changes > 0;
    // A token allowed the route by its name keeps it under the new one.
    for (const row of this.allowLists.all()) {
      const models = parseJson(row.models);
      if (!isStringArray(models) || !models.includes(from)) continue;
      const renamed = [...new Set(models.map((m) => (m === from ? to : m)))];
      this.setAllowList.run(JSON.stringify(renamed), at, row.token_id);
      changed = true;
    }
    return changed;
  }
}

const plural = (names: readonly string[], noun: string): string =>
  `${noun}${names.length > 1 ? 's' : ''} ${names.join(', ')}`;

const duplicate = (name: string): DuplicateNameError =>
  new DuplicateNameError(
    'route',
    name,
    `A route named '${name}' already exists.`,
    errorText('routes.errors.duplicate', { name }),
  );
