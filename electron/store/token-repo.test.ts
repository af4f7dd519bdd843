import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateNameError, InvalidInputError } from './store-errors.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { TokenRepo } from './token-repo.ts';

describe('TokenRepo', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  it('creates an mgw_ token of 32 random bytes and shows its prefix', () => {
    const { token, info } = temp.store.tokens.create('cursor');
    expect(token).toMatch(/^mgw_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    expect(info).toMatchObject({
      name: 'cursor',
      prefix: token.slice(0, 12),
      createdAt: temp.clock.now,
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it('keeps only the prefix and the SHA-256 digest, never the token', () => {
    const { token } = temp.store.tokens.create('cursor');
    const row = temp.store.db
      .prepare<[], { prefix: string; token_hash: string }>('SELECT * FROM local_tokens')
      .get();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    temp.store.close();
    expect(readFileSync(temp.store.path).toString('latin1')).toContain(row?.token_hash);
    for (const file of [temp.store.path, `${temp.store.path}-wal`].filter(existsSync)) {
      expect(readFileSync(file).toString('latin1')).not.toContain(token.slice(12));
    }
  });

  it('verifies its own tokens and no others', () => {
    const a = temp.store.tokens.create('cursor');
    const b = temp.store.tokens.create('aider');
    expect(temp.store.tokens.verify(a.token)).toEqual({ name: 'cursor', tokenId: a.info.id });
    expect(temp.store.tokens.verify(b.token)).toEqual({ name: 'aider', tokenId: b.info.id });
    const lastChar = a.token.at(-1) === 'A' ? 'B' : 'A';
    expect(temp.store.tokens.verify(`${a.token.slice(0, -1)}${lastChar}`)).toBeNull();
    expect(temp.store.tokens.verify(`${a.token}x`)).toBeNull();
    expect(temp.store.tokens.verify(a.token.slice(0, 12))).toBeNull();
    expect(temp.store.tokens.verify('')).toBeNull();
    expect(temp.store.tokens.verify('mgw_unknownprefix')).toBeNull();
  });

  it('tells apart two tokens that share a prefix', () => {
    const a = temp.store.tokens.create('one');
    const b = temp.store.tokens.create('two');
    // Force a prefix collision, which random tokens make merely unlikely.
    temp.store.db.prepare('UPDATE local_tokens SET prefix = ?').run(a.info.prefix);
    temp.store.tokens.reload();
    const forged = `${a.info.prefix}${b.token.slice(12)}`;
    expect(temp.store.tokens.verify(a.token)?.name).toBe('one');
    expect(temp.store.tokens.verify(forged)).toBeNull();
  });

  it('refuses an empty or overlong name, and a name an active token has', () => {
    expect(() => temp.store.tokens.create('  ')).toThrow(InvalidInputError);
    expect(() => temp.store.tokens.create('x'.repeat(65))).toThrow(InvalidInputError);
    temp.store.tokens.create('cursor');
    expect(() => temp.store.tokens.create('Cursor ')).toThrow(DuplicateNameError);
    expect(() => temp.store.tokens.create('cursor')).toThrow(/already exists/);
  });

  it('revokes by id or by name; a revoked token stops working and frees its name', () => {
    const a = temp.store.tokens.create('cursor');
    const b = temp.store.tokens.create('aider');
    expect(temp.store.tokens.revoke(a.info.id)).toBe(true);
    expect(temp.store.tokens.revoke(a.info.id)).toBe(false);
    expect(temp.store.tokens.verify(a.token)).toBeNull();
    expect(temp.store.tokens.revoke('AIDER')).toBe(true);
    expect(temp.store.tokens.verify(b.token)).toBeNull();
    expect(temp.store.tokens.revoke('nobody')).toBe(false);
    const again = temp.store.tokens.create('cursor');
    expect(temp.store.tokens.verify(again.token)?.tokenId).toBe(again.info.id);
  });

  it('lists every token, revoked ones too, oldest first', () => {
    const a = temp.store.tokens.create('cursor');
    temp.clock.now += 1000;
    temp.store.tokens.create('aider');
    temp.store.tokens.revoke(a.info.id);
    expect(temp.store.tokens.list().map((t) => [t.name, t.revokedAt])).toEqual([
      ['cursor', temp.clock.now],
      ['aider', null],
    ]);
  });

  it('records a use at most once a minute', () => {
    const { info } = temp.store.tokens.create('cursor');
    const lastUsed = (): number | null =>
      temp.store.tokens.list().find((t) => t.id === info.id)?.lastUsedAt ?? null;
    const start = temp.clock.now;
    temp.store.tokens.touch(info.id);
    expect(lastUsed()).toBe(start);
    temp.clock.now = start + 59_000;
    temp.store.tokens.touch(info.id);
    expect(lastUsed()).toBe(start);
    temp.clock.now = start + 60_000;
    temp.store.tokens.touch(info.id);
    expect(lastUsed()).toBe(start + 60_000);
  });

  it('survives a restart, and reload sees tokens created by another connection', () => {
    const { token } = temp.store.tokens.create('cursor');
    const store = temp.reopen();
    expect(store.tokens.verify(token)?.name).toBe('cursor');
    const other = new TokenRepo(store.db);
    const late = other.create('late');
    expect(store.tokens.verify(late.token)).toBeNull();
    store.tokens.reload();
    expect(store.tokens.verify(late.token)?.name).toBe('late');
  });
});
