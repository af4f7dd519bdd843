import type Database from 'better-sqlite3';

export type SqlParams = Record<string, string | number | null>;

/**
 * Prepared statements for SQL that is assembled from a filter's shape. Each distinct shape is
 * prepared once and reused; there are few shapes (one per combination of filter fields).
 */
export class StatementCache {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement<[SqlParams], unknown>>();

  constructor(db: Database.Database) {
    this.db = db;
  }

  /** `Row` is the caller's promise about the columns its SQL selects; SQLite cannot check it. */
  get<Row>(sql: string): Database.Statement<[SqlParams], Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<[SqlParams], unknown>(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<[SqlParams], Row>;
  }

  get size(): number {
    return this.statements.size;
  }
}
