import { randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import { tokenDigest, type LocalClient } from '../gateway/server/local-auth.ts';
import { newId } from './new-id.ts';
import type { TokenInfo } from '../../shared/contract.ts';
import { CLIENT_WITHOUT_TOKEN } from '../../shared/wire-formats.ts';
import { DuplicateNameError, InvalidInputError, isUniqueViolation } from './store-errors.ts';
import { ExternalChanges } from './external-changes.ts';
import { errorText } from '../../shared/error-text.ts';

export type { TokenInfo } from '../../shared/contract.ts';

const TOKEN_PREFIX_LENGTH = 12;
/** Ids of the rows that stand for a format's requests without a token (never a presented token). */
const WITHOUT_TOKEN_ID = 'tok_without_token_';
/** The names of those rows, which no token of the user's may take. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(Object.values(CLIENT_WITHOUT_TOKEN));
const MAX_TOKEN_NAME_LENGTH = 64;
const TOUCH_INTERVAL_MS = 60_000;

/**
 * SHA-256, not a password hash: tokens are 256 random bits, so there is nothing to guess and
 * nothing a slow hash would protect; and verify runs on every request.
 */

/** Compared against when no prefix matches, so a miss costs what a hit costs. */
const DUMMY_DIGEST = tokenDigest('mgw_dummy_token_never_issued');

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

interface ActiveToken {
  id: string;
  name: string;
  digest: Buffer;
}

const toInfo = (row: TokenRow): TokenInfo => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  ...(row.id.startsWith(WITHOUT_TOKEN_ID) ? { withoutToken: true as const } : {}),
});

/**
 * Local access tokens: shown once at creation, stored as a prefix and a SHA-256 digest. Active
 * tokens are cached in memory by prefix, so checking one costs a hash and a map lookup. The
 * cache is refilled when another connection (the CLI, another gateway on the same data dir)
 * writes to the database, seen within `EXTERNAL_CHANGE_CHECK_MS`: a token revoked elsewhere is
 * refused, and one created elsewhere accepted, without a restart.
 */
export class TokenRepo {
  private readonly now: () => number;
  private readonly insert: Database.Statement<[TokenRow]>;
  private readonly activeByName: Database.Statement<[string], { id: string }>;
  private readonly all: Database.Statement<[], TokenRow>;
  private readonly active: Database.Statement<[], TokenRow>;
  private readonly revokeById: Database.Statement<[number, string]>;
  private readonly revokeByName: Database.Statement<[number, string]>;
  private readonly markUsed: Database.Statement<[number, string]>;
  private readonly insertReserved: Database.Statement<[TokenRow]>;
  private readonly restore: Database.Statement<[string]>;
  private readonly reserved = new Set<string>();
  private byPrefix = new Map<string, ActiveToken[]>();
  private readonly lastTouched = new Map<string, number>();
  private readonly changes: ExternalChanges;
  private loadedAt = -1;

  constructor(
    db: Database.Database,
    now: () => number = Date.now,
    changes: ExternalChanges = new ExternalChanges(db),
  ) {
    this.now = now;
    this.changes = changes;
    this.insert = db.prepare<[TokenRow]>(
      `INSERT INTO local_tokens (id, name, prefix, token_hash, created_at, last_used_at, revoked_at)
       VALUES (@id, @name, @prefix, @token_hash, @created_at, @last_used_at, @revoked_at)`,
    );
    this.activeByName = db.prepare<[string], { id: string }>(
      'SELECT id FROM local_tokens WHERE name = ? AND revoked_at IS NULL',
    );
    this.all = db.prepare<[], TokenRow>('SELECT * FROM local_tokens ORDER BY created_at, id');
    this.active = db.prepare<[], TokenRow>('SELECT * FROM local_tokens WHERE revoked_at IS NULL');
    this.revokeById = db.prepare<[number, string]>(
      'UPDATE local_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
    );
    this.revokeByName = db.prepare<[number, string]>(
      'UPDATE local_tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL',
    );
    this.markUsed = db.prepare<[number, string]>(
      'UPDATE local_tokens SET last_used_at = ? WHERE id = ?',
    );
    this.insertReserved = db.prepare<[TokenRow]>(
      `INSERT OR IGNORE INTO local_tokens (id, name, prefix, token_hash, created_at, last_used_at, revoked_at)
       VALUES (@id, @name, @prefix, @token_hash, @created_at, @last_used_at, @revoked_at)`,
    );
    this.restore = db.prepare<[string]>(
      'UPDATE local_tokens SET revoked_at = NULL WHERE id = ? AND revoked_at IS NOT NULL',
    );
    this.reload();
  }

  /**
   * The client that a format's requests without a token are logged, metered and limited as,
   * once the user lets them in: a row of its own, so budgets and the Usage page treat it as any
   * token. It has no token (its prefix is empty and its digest that of no value anyone holds),
   * so nothing presented ever matches it.
   */
  withoutToken(format: string, name: string): LocalClient {
    const id = `${WITHOUT_TOKEN_ID}${format}`;
    if (!this.reserved.has(id)) {
      this.insertReserved.run({
        id,
        name,
        prefix: '',
        token_hash: randomBytes(32).toString('hex'),
        created_at: this.now(),
        last_used_at: null,
        revoked_at: null,
      });
      try {
        this.restore.run(id);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      // A token of the user's that took the name before this row existed keeps it; the
      // requests are then logged by name, without limits of their own.
      if (!this.all.all().some((row) => row.id === id && row.revoked_at === null)) return { name };
      this.reserved.add(id);
    }
    return { name, tokenId: id };
  }

  /** Returns the token itself once; only its prefix and digest are kept. */
  create(name: string): { token: string; info: TokenInfo } {
    const trimmed = name.trim();
    if (!trimmed)
      throw new InvalidInputError(
        'A token needs a name (the tool that will use it).',
        errorText('settings.errors.tokens.nameRequired'),
      );
    if (trimmed.length > MAX_TOKEN_NAME_LENGTH) {
      throw new InvalidInputError(
        `A token name is at most ${MAX_TOKEN_NAME_LENGTH} characters.`,
        errorText('settings.errors.tokens.nameTooLong', { max: MAX_TOKEN_NAME_LENGTH }),
      );
    }
    const duplicate = (): DuplicateNameError =>
      new DuplicateNameError(
        'token',
        trimmed,
        `An active token named '${trimmed}' already exists. Revoke it or choose another name.`,
        errorText('settings.errors.tokens.duplicate', { name: trimmed }),
      );
    if (RESERVED_NAMES.has(trimmed))
      throw new InvalidInputError(
        `'${trimmed}' names the requests sent without a token; choose another name.`,
        errorText('settings.errors.tokens.reservedName', { name: trimmed }),
      );
    if (this.activeByName.get(trimmed)) throw duplicate();
    const token = `mgw_${randomBytes(32).toString('base64url')}`;
    const row: TokenRow = {
      id: newId('tok'),
      name: trimmed,
      prefix: token.slice(0, TOKEN_PREFIX_LENGTH),
      token_hash: tokenDigest(token).toString('hex'),
      created_at: this.now(),
      last_used_at: null,
      revoked_at: null,
    };
    try {
      this.insert.run(row);
    } catch (error) {
      // Another process may have taken the name between the check and the insert.
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    this.reload();
    return { token, info: toInfo(row) };
  }

  /** Every token, revoked ones too (their names still label old log rows); oldest first. */
  list(): TokenInfo[] {
    return this.all.all().map(toInfo);
  }

  /** By id, or by the name of an active token. False when nothing active matched. */
  revoke(idOrName: string): boolean {
    const target = this.all
      .all()
      .find(
        (row) => row.revoked_at === null && (row.id === idOrName || row.name === idOrName.trim()),
      );
    if (target?.id.startsWith(WITHOUT_TOKEN_ID))
      throw new InvalidInputError(
        `'${target.name}' stands for requests sent without a token and has none to revoke. Stop taking them in Settings instead.`,
        errorText('settings.errors.tokens.withoutTokenNotRevocable', { name: target.name }),
      );
    const at = this.now();
    const changed =
      this.revokeById.run(at, idOrName).changes > 0 ||
      this.revokeByName.run(at, idOrName.trim()).changes > 0;
    if (changed) this.reload();
    return changed;
  }

  /**
   * The client a presented token belongs to, or null. Constant-time in the token's digest;
   * `presented` is that digest when the caller has computed it already.
   */
  verify(token: string, presented: Buffer = tokenDigest(token)): LocalClient | null {
    if (this.changes.current() !== this.loadedAt) this.reload();
    const candidates = this.byPrefix.get(token.slice(0, TOKEN_PREFIX_LENGTH));
    if (!candidates) {
      timingSafeEqual(presented, DUMMY_DIGEST);
      return null;
    }
    let match: ActiveToken | null = null;
    // Every candidate is compared, so a match's position does not show in the time taken.
    for (const candidate of candidates) {
      if (timingSafeEqual(presented, candidate.digest)) match = candidate;
    }
    return match ? { name: match.name, tokenId: match.id } : null;
  }

  /** Records a use. Writes at most once a minute per token, so the hot path rarely writes. */
  touch(tokenId: string): void {
    const at = this.now();
    const last = this.lastTouched.get(tokenId);
    if (last !== undefined && at - last < TOUCH_INTERVAL_MS) return;
    this.lastTouched.set(tokenId, at);
    this.markUsed.run(at, tokenId);
  }

  /** Re-reads active tokens; for changes made by another process on the same database. */
  reload(): void {
    this.loadedAt = this.changes.current();
    const byPrefix = new Map<string, ActiveToken[]>();
    for (const row of this.active.all()) {
      const entry = { id: row.id, name: row.name, digest: Buffer.from(row.token_hash, 'hex') };
      const list = byPrefix.get(row.prefix);
      if (list) list.push(entry);
      else byPrefix.set(row.prefix, [entry]);
    }
    this.byPrefix = byPrefix;
  }
}
