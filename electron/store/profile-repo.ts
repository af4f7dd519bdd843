import type Database from 'better-sqlite3';
import type { UpstreamProfile } from '../../shared/contract.ts';
import { newId } from './new-id.ts';
import { DuplicateNameError, InvalidInputError, isUniqueViolation } from './store-errors.ts';
import { errorText } from '../../shared/error-text.ts';

// A profile says where the upstream is. Its key is in the OS keychain (electron/secrets), filed
// under the profile's id: nothing secret is ever written to SQLite.
export type { UpstreamProfile } from '../../shared/contract.ts';

export interface NewProfile {
  name: string;
  baseUrl: string;
  pricingUrl?: string | null;
  /** Make it the active profile. The first profile is active whatever this says. */
  active?: boolean;
}

export interface ProfilePatch {
  name?: string;
  baseUrl?: string;
  pricingUrl?: string | null;
}

interface ProfileRow {
  id: string;
  name: string;
  base_url: string;
  pricing_url: string | null;
  active: number;
  created_at: number;
}

const toProfile = (row: ProfileRow): UpstreamProfile => ({
  id: row.id,
  name: row.name,
  baseUrl: row.base_url,
  pricingUrl: row.pricing_url,
  active: row.active === 1,
  createdAt: row.created_at,
});

/** Refuses what is not an http(s) URL, and URLs that carry a secret (user:key@host, ?key=). */
function checkedUrl(value: string, what: 'base URL' | 'pricing URL'): string {
  const trimmed = value.trim();
  const base = what === 'base URL';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new InvalidInputError(
      `The ${what} is not a valid URL: '${trimmed}'.`,
      base
        ? errorText('settings.errors.profiles.baseUrlInvalid', { url: trimmed })
        : errorText('settings.errors.profiles.pricingUrlInvalid', { url: trimmed }),
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidInputError(
      `The ${what} must start with https:// or http://.`,
      base
        ? errorText('settings.errors.profiles.baseUrlScheme')
        : errorText('settings.errors.profiles.pricingUrlScheme'),
    );
  }
  if (url.username || url.password || url.searchParams.has('key')) {
    throw new InvalidInputError(
      `The ${what} must not contain a key or credentials; the key is stored in the OS keychain.`,
      base
        ? errorText('settings.errors.profiles.baseUrlCredentials')
        : errorText('settings.errors.profiles.pricingUrlCredentials'),
    );
  }
  return trimmed;
}

function checkedName(value: string): string {
  const trimmed = value.trim();
  if (!trimmed)
    throw new InvalidInputError(
      'A profile needs a name.',
      errorText('settings.errors.profiles.nameRequired'),
    );
  return trimmed;
}

/** Upstream profiles. While any exist, exactly one is active. */
export class ProfileRepo {
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly insert: Database.Statement<[ProfileRow]>;
  private readonly byId: Database.Statement<[string], ProfileRow>;
  private readonly all: Database.Statement<[], ProfileRow>;
  private readonly activeRow: Database.Statement<[], ProfileRow>;
  private readonly patch: Database.Statement<[ProfileRow]>;
  private readonly remove: Database.Statement<[string]>;
  private readonly deactivateAll: Database.Statement<[]>;
  private readonly activate: Database.Statement<[string]>;
  private readonly oldest: Database.Statement<[], { id: string }>;

  constructor(db: Database.Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.insert = db.prepare<[ProfileRow]>(
      `INSERT INTO upstream_profiles (id, name, base_url, pricing_url, active, created_at)
       VALUES (@id, @name, @base_url, @pricing_url, @active, @created_at)`,
    );
    this.byId = db.prepare<[string], ProfileRow>('SELECT * FROM upstream_profiles WHERE id = ?');
    this.all = db.prepare<[], ProfileRow>(
      'SELECT * FROM upstream_profiles ORDER BY created_at, id',
    );
    this.activeRow = db.prepare<[], ProfileRow>('SELECT * FROM upstream_profiles WHERE active = 1');
    this.patch = db.prepare<[ProfileRow]>(
      `UPDATE upstream_profiles SET name = @name, base_url = @base_url, pricing_url = @pricing_url
       WHERE id = @id`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM upstream_profiles WHERE id = ?');
    this.deactivateAll = db.prepare<[]>('UPDATE upstream_profiles SET active = 0 WHERE active = 1');
    this.activate = db.prepare<[string]>('UPDATE upstream_profiles SET active = 1 WHERE id = ?');
    this.oldest = db.prepare<[], { id: string }>(
      'SELECT id FROM upstream_profiles ORDER BY created_at, id LIMIT 1',
    );
  }

  create(input: NewProfile): UpstreamProfile {
    const row: ProfileRow = {
      id: newId('prof'),
      name: checkedName(input.name),
      base_url: checkedUrl(input.baseUrl, 'base URL'),
      pricing_url: input.pricingUrl == null ? null : checkedUrl(input.pricingUrl, 'pricing URL'),
      active: 0,
      created_at: this.now(),
    };
    this.guardName(row.name, () => {
      this.db.transaction(() => {
        this.insert.run(row);
        if (input.active || !this.activeRow.get()) this.switchTo(row.id);
      })();
    });
    return this.require(row.id);
  }

  /** Null when there is no such profile. */
  update(id: string, patch: ProfilePatch): UpstreamProfile | null {
    const current = this.byId.get(id);
    if (!current) return null;
    const next: ProfileRow = {
      ...current,
      name: patch.name === undefined ? current.name : checkedName(patch.name),
      base_url:
        patch.baseUrl === undefined ? current.base_url : checkedUrl(patch.baseUrl, 'base URL'),
      pricing_url:
        patch.pricingUrl === undefined
          ? current.pricing_url
          : patch.pricingUrl === null
            ? null
            : checkedUrl(patch.pricingUrl, 'pricing URL'),
    };
    this.guardName(next.name, () => this.patch.run(next));
    return this.require(id);
  }

  /** Deleting the active profile makes the oldest remaining one active. */
  delete(id: string): boolean {
    return this.db.transaction(() => {
      const wasActive = this.byId.get(id)?.active === 1;
      if (this.remove.run(id).changes === 0) return false;
      const next = wasActive ? this.oldest.get() : undefined;
      if (next) this.activate.run(next.id);
      return true;
    })();
  }

  /** Oldest first. */
  list(): UpstreamProfile[] {
    return this.all.all().map(toProfile);
  }

  get(id: string): UpstreamProfile | null {
    const row = this.byId.get(id);
    return row ? toProfile(row) : null;
  }

  getActive(): UpstreamProfile | null {
    const row = this.activeRow.get();
    return row ? toProfile(row) : null;
  }

  /** False when there is no such profile (the active one is then unchanged). */
  setActive(id: string): boolean {
    return this.db.transaction(() => {
      if (!this.byId.get(id)) return false;
      this.switchTo(id);
      return true;
    })();
  }

  private switchTo(id: string): void {
    // Off first: the partial unique index allows one active row at any moment.
    this.deactivateAll.run();
    this.activate.run(id);
  }

  private guardName(name: string, write: () => void): void {
    try {
      write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DuplicateNameError(
          'profile',
          name,
          `A profile named '${name}' already exists.`,
          errorText('settings.errors.profiles.duplicate', { name }),
        );
      }
      throw error;
    }
  }

  private require(id: string): UpstreamProfile {
    const row = this.byId.get(id);
    if (!row) throw new Error(`Profile ${id} vanished while being written.`);
    return toProfile(row);
  }
}
