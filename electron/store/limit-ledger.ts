import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { budgetWindow, minuteWindow, type LimitWindow } from '../gateway/policy/limit-windows.ts';
import type {
  BudgetPeriod,
  Charge,
  HeldClaim,
  LimitCounter,
  LimitHold,
  LimitLedger,
  LimitRefusal,
  TokenLimits,
} from '../gateway/policy/limits.ts';
import type { RequestRecord } from '../gateway/server/request-record.ts';
import { ClaimIndex } from './claim-index.ts';

/** One limit a request is checked against. */
interface Check {
  counter: LimitCounter;
  period: BudgetPeriod | null;
  limit: number;
  window: LimitWindow;
  amount: number;
}

/** This process's share of one token's limit in one window. */
interface Claim {
  tokenId: string;
  counter: LimitCounter;
  window: LimitWindow;
  /** What this process may use: what its requests hold plus room taken ahead. */
  granted: number;
  /** What its requests hold (in flight, or counted for the minute). */
  used: number;
  lastAdmitAt: number;
  /** When the row in SQLite was last renewed. */
  renewedAt: number;
}

export interface LimitLedgerOptions {
  now?: () => number;
  /** A process that stops renewing (killed) loses its claims after this long. */
  claimTtlMs?: number;
  /** How often claims are renewed, idle room given back and `used` published. */
  refreshMs?: number;
  /** Room a process holds beyond its requests is given back after this long without a request. */
  idleMs?: number;
}

/** A refusal raised inside the grant transaction, so that the transaction rolls back. */
class Refused extends Error {
  readonly refusal: LimitRefusal;
  constructor(refusal: LimitRefusal) {
    super('limit reached');
    this.refusal = refusal;
  }
}

const PERIODS: readonly { period: BudgetPeriod; key: keyof TokenLimits }[] = [
  { period: 'day', key: 'dailyUsd' },
  { period: 'week', key: 'weeklyUsd' },
  { period: 'month', key: 'monthlyUsd' },
];

/**
 * A request whose tariff is unknown costs nothing in the estimates; it still needs the budget
 * not to be spent, so it holds a sliver.
 */
const MIN_USD = 1e-9;

/** Room left this small is rounding, not room. */
const SPENT_TOLERANCE = 1e-9;

/** Of the room left beyond a request, a process takes this share ahead, so that most requests need no write. */
const TAKE_AHEAD = 1 / 4;

/**
 * The account of what each local token has used, shared by every gateway process on one data
 * dir (the CLI's `serve` beside the app), so that limits hold across them without a write per
 * request.
 *
 * Each process holds a claim per token, counter and window in `limit_claims`: what its requests
 * hold plus some room taken ahead. A request that fits in the process's own room is admitted in
 * memory. Otherwise one write transaction (which serialises the processes) counts what is spent
 * (the running totals, for budgets) and what the other processes claim, and grants this process
 * the request plus a quarter of the room left, or refuses. The claims of all processes never add
 * up to more than the limit, except by the one request that is admitted while some room is left
 * (so concurrent requests overspend by at most one reservation). A budget's share of a request is
 * settled in the same transaction as its log row: its claim shrinks by the reservation as its
 * metered cost enters the running totals. Idle room goes back after a second; a process that dies
 * loses its claims when they expire.
 */
export class SqliteLimitLedger implements LimitLedger {
  readonly holder = randomUUID();
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly refreshMs: number;
  private readonly idleMs: number;
  private readonly claims = new ClaimIndex<Claim>();
  /** The current window of each period, computed again only once it has passed. */
  private readonly windows = new Map<BudgetPeriod | 'minute', LimitWindow>();
  private timer: NodeJS.Timeout | null = null;
  private readonly spentIn: Database.Statement<[string, number, number], number>;
  private readonly others: Database.Statement<
    [string, string, number, string, number],
    { granted: number; used: number }
  >;
  private readonly upsert: Database.Statement<
    [string, string, number, string, number, number, number]
  >;
  private readonly settle: Database.Statement<[number, number, string, number, string]>;
  private readonly remove: Database.Statement<[string, string, number, string]>;
  private readonly removeExpired: Database.Statement<[number]>;
  private readonly removeMine: Database.Statement<[string]>;
  private readonly usedOf: Database.Statement<[string, string, number, string, number], number>;
  private readonly grantAll: Database.Transaction<
    (tokenId: string, checks: readonly Check[], now: number) => { claim: Claim; granted: number }[]
  >;

  constructor(db: Database.Database, options: LimitLedgerOptions = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    this.ttlMs = options.claimTtlMs ?? 30_000;
    this.refreshMs = options.refreshMs ?? 1_000;
    this.idleMs = options.idleMs ?? 1_000;
    this.spentIn = db
      .prepare<[string, number, number], number>(
        'SELECT total(cost_usd) FROM usage_hourly WHERE client_token_id = ? AND hour >= ? AND hour < ?',
      )
      .pluck();
    this.others = db.prepare(
      `SELECT total(granted) AS granted, total(used) AS used FROM limit_claims
       WHERE token_id = ? AND counter = ? AND window_start = ? AND holder != ? AND expires_at > ?`,
    );
    this.upsert = db.prepare(
      `INSERT INTO limit_claims (token_id, counter, window_start, holder, granted, used, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (token_id, counter, window_start, holder) DO UPDATE SET
         granted = excluded.granted, used = excluded.used, expires_at = excluded.expires_at`,
    );
    this.settle = db.prepare(
      `UPDATE limit_claims SET granted = max(0, granted - ?), used = max(0, used - ?)
       WHERE token_id = ? AND counter = 'usd' AND window_start = ? AND holder = ?`,
    );
    this.remove = db.prepare(
      'DELETE FROM limit_claims WHERE token_id = ? AND counter = ? AND window_start = ? AND holder = ?',
    );
    this.removeExpired = db.prepare('DELETE FROM limit_claims WHERE expires_at <= ?');
    this.removeMine = db.prepare('DELETE FROM limit_claims WHERE holder = ?');
    this.usedOf = db
      .prepare<[string, string, number, string, number], number>(
        `SELECT total(used) FROM limit_claims
         WHERE token_id = ? AND counter = ? AND window_start = ? AND holder != ? AND expires_at > ?`,
      )
      .pluck();
    this.grantAll = db.transaction((tokenId: string, checks: readonly Check[], now: number) =>
      checks.map((check) => this.grant(tokenId, check, now)),
    );
  }

  reserve(
    tokenId: string,
    limits: TokenLimits,
    charge: Charge,
    options: { now: number; budgets: boolean },
  ): LimitHold | LimitRefusal {
    const { now } = options;
    const checks = this.checksFor(limits, charge, now, options.budgets);
    const short = checks.filter((check) => {
      const claim = this.claims.get(tokenId, check.counter, check.window.start);
      return !claim || claim.granted - claim.used < check.amount;
    });
    if (short.length > 0) {
      let grants;
      try {
        // IMMEDIATE: the write lock first, so two processes cannot both read the same room.
        grants = this.grantAll.immediate(tokenId, short, now);
      } catch (error) {
        if (error instanceof Refused) return error.refusal;
        throw error;
      }
      // Only once committed: a refusal of one limit rolls back what the others were granted.
      for (const { claim, granted } of grants) {
        claim.granted = granted;
        claim.renewedAt = now;
      }
    }
    const held: HeldClaim[] = [];
    for (const check of checks) {
      const claim = this.claimFor(tokenId, check, now);
      claim.used += check.amount;
      claim.lastAdmitAt = now;
      held.push({ counter: check.counter, windowStart: check.window.start, amount: check.amount });
    }
    return { tokenId, claims: held };
  }

  release(hold: LimitHold, used: { tokens: number }): void {
    for (const held of hold.claims) {
      if (held.counter !== 'tokens') continue;
      const claim = this.claims.get(hold.tokenId, 'tokens', held.windowStart);
      // The minute's count keeps what the request really used, not its worst case.
      if (claim) claim.used = Math.max(0, claim.used - held.amount + used.tokens);
    }
  }

  /**
   * Inside the log writer's transaction: the budget share of each written record leaves this
   * process's claims as its metered cost enters the running totals.
   */
  settleInTransaction(records: readonly RequestRecord[]): void {
    // One update per claim and batch, however many of the batch's requests held it.
    const sums = new ClaimIndex<{ tokenId: string; windowStart: number; amount: number }>();
    for (const record of records) {
      const hold = record.limitHold;
      if (!hold) continue;
      for (const held of hold.claims) {
        if (held.counter !== 'usd') continue;
        const sum = sums.get(hold.tokenId, 'usd', held.windowStart);
        if (sum) sum.amount += held.amount;
        else
          sums.set(hold.tokenId, 'usd', held.windowStart, {
            tokenId: hold.tokenId,
            windowStart: held.windowStart,
            amount: held.amount,
          });
      }
    }
    for (const { tokenId, windowStart, amount } of sums.values())
      this.settle.run(amount, amount, tokenId, windowStart, this.holder);
  }

  /** After that transaction committed: the same, in memory. */
  settledInMemory(records: readonly RequestRecord[]): void {
    for (const record of records) {
      const hold = record.limitHold;
      if (!hold) continue;
      for (const held of hold.claims) {
        if (held.counter !== 'usd') continue;
        const claim = this.claims.get(hold.tokenId, 'usd', held.windowStart);
        if (!claim) continue;
        claim.granted = Math.max(0, claim.granted - held.amount);
        claim.used = Math.max(0, claim.used - held.amount);
      }
    }
  }

  /** What requests in flight hold of a budget, across every process on the data dir. */
  reservedUsd(tokenId: string, windowStart: number): number {
    const mine = this.claims.get(tokenId, 'usd', windowStart)?.used ?? 0;
    return mine + (this.usedOf.get(tokenId, 'usd', windowStart, this.holder, this.now()) ?? 0);
  }

  /** Gives every claim back (the process is stopping; its requests are over). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.claims.clear();
    if (this.db.open) this.removeMine.run(this.holder);
  }

  private checksFor(limits: TokenLimits, charge: Charge, now: number, budgets: boolean): Check[] {
    const checks: Check[] = [];
    if (budgets) {
      for (const { period, key } of PERIODS) {
        const limit = limits[key];
        if (typeof limit === 'number')
          checks.push({
            counter: 'usd',
            period,
            limit,
            window: this.windowOf(period, now),
            amount: Math.max(charge.usd, MIN_USD),
          });
      }
    }
    const minute = this.windowOf('minute', now);
    if (limits.rpm !== null)
      checks.push({
        counter: 'requests',
        period: null,
        limit: limits.rpm,
        window: minute,
        amount: 1,
      });
    if (limits.tpm !== null)
      checks.push({
        counter: 'tokens',
        period: null,
        limit: limits.tpm,
        window: minute,
        amount: charge.tokens,
      });
    return checks;
  }

  private windowOf(period: BudgetPeriod | 'minute', now: number): LimitWindow {
    const cached = this.windows.get(period);
    if (cached && now >= cached.start && now < cached.end) return cached;
    const window = period === 'minute' ? minuteWindow(now) : budgetWindow(period, now);
    this.windows.set(period, window);
    return window;
  }

  private claimFor(tokenId: string, check: Check, now: number): Claim {
    let claim = this.claims.get(tokenId, check.counter, check.window.start);
    if (!claim) {
      claim = {
        tokenId,
        counter: check.counter,
        window: check.window,
        granted: 0,
        used: 0,
        lastAdmitAt: now,
        renewedAt: now,
      };
      this.claims.set(tokenId, check.counter, check.window.start, claim);
      this.timer ??= setInterval(() => this.refresh(), this.refreshMs).unref();
    }
    return claim;
  }

  /** Inside the write transaction: more room for this process, or a refusal. */
  private grant(tokenId: string, check: Check, now: number): { claim: Claim; granted: number } {
    const claim = this.claimFor(tokenId, check, now);
    const { start, end } = check.window;
    const spent = check.counter === 'usd' ? (this.spentIn.get(tokenId, start, end) ?? 0) : 0;
    const others = this.others.get(tokenId, check.counter, start, this.holder, now) ?? {
      granted: 0,
      used: 0,
    };
    const room = check.limit - spent - others.granted - claim.used;
    if (room <= check.limit * SPENT_TOLERANCE) {
      throw new Refused(
        check.counter === 'usd' && check.period
          ? {
              kind: 'budget',
              period: check.period,
              limitUsd: check.limit,
              spentUsd: spent,
              reservedUsd: others.used + claim.used,
              resetsAt: end,
            }
          : {
              kind: 'rate',
              limit: check.counter === 'requests' ? 'rpm' : 'tpm',
              max: check.limit,
              used: others.granted + claim.used,
              resetsAt: end,
            },
      );
    }
    // Some room is left: the request is admitted even when it may cost more than what is left
    // (that one request is the most a limit is overrun by); beyond it, a share is taken ahead.
    let take = check.amount + Math.max(0, room - check.amount) * TAKE_AHEAD;
    if (check.counter === 'requests') take = Math.max(1, Math.floor(take));
    const granted = claim.used + take;
    this.upsert.run(
      tokenId,
      check.counter,
      start,
      this.holder,
      granted,
      claim.used,
      now + this.ttlMs,
    );
    return { claim, granted };
  }

  /**
   * Runs on a timer, once a second while the process holds claims: claims of windows that are over go, room not used for a while goes back,
   * the rest is renewed with what it holds, and expired claims of dead processes are cleared.
   */
  refresh(): void {
    if (!this.db.open) return this.close();
    const now = this.now();
    const writes: (() => void)[] = [];
    for (const claim of [...this.claims.values()]) {
      const { tokenId, counter } = claim;
      const start = claim.window.start;
      const over = now >= claim.window.end;
      // A budget's claim stays while its requests are unsettled; a minute's is done with it.
      if (over && (counter !== 'usd' || claim.used <= 0)) {
        this.claims.delete(tokenId, counter, start);
        writes.push(() => this.remove.run(tokenId, counter, start, this.holder));
        continue;
      }
      const idle = now - claim.lastAdmitAt >= this.idleMs;
      const giveBack = idle && claim.granted > claim.used;
      if (giveBack) claim.granted = claim.used;
      if (!giveBack && now - claim.renewedAt < this.ttlMs / 3) continue;
      claim.renewedAt = now;
      const { granted, used } = claim;
      writes.push(() =>
        this.upsert.run(tokenId, counter, start, this.holder, granted, used, now + this.ttlMs),
      );
    }
    if (this.claims.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    try {
      this.db.transaction(() => {
        for (const write of writes) write();
        this.removeExpired.run(now - this.ttlMs);
      })();
    } catch {
      // Busy in another process past the timeout: the next round writes the same state.
    }
  }
}
