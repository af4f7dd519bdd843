import type Database from 'better-sqlite3';

/** How often, at most, the database is asked whether another connection wrote to it. */
export const EXTERNAL_CHANGE_CHECK_MS = 250;

/**
 * Notices writes made by other connections to the same database file (the CLI revoking a token
 * while the app runs, a second gateway on the same data dir). SQLite's `PRAGMA data_version`
 * changes whenever another connection commits, and never for this connection's own commits, so
 * caches kept for this connection's writes stay valid until it moves.
 *
 * The pragma is asked at most every `intervalMs`, on demand: a cache calls `changedSince` before
 * serving, so a change made elsewhere is seen within `intervalMs` of the next read, with no timer.
 */
export class ExternalChanges {
  private readonly version: Database.Statement<[], number>;
  private readonly intervalMs: number;
  private readonly clock: () => number;
  private lastVersion: number;
  private checkedAt: number;
  private generation = 0;

  constructor(
    db: Database.Database,
    intervalMs: number = EXTERNAL_CHANGE_CHECK_MS,
    clock: () => number = () => performance.now(),
  ) {
    this.version = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.intervalMs = intervalMs;
    this.clock = clock;
    this.lastVersion = this.version.get() ?? 0;
    this.checkedAt = clock();
  }

  /**
   * The current generation: it grows each time another connection's commit is noticed. A cache
   * keeps the generation it was filled at and refills when this returns a different one.
   */
  current(): number {
    const at = this.clock();
    if (at - this.checkedAt >= this.intervalMs) {
      this.checkedAt = at;
      const version = this.version.get() ?? 0;
      if (version !== this.lastVersion) {
        this.lastVersion = version;
        this.generation += 1;
      }
    }
    return this.generation;
  }
}
