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

  it('keeps a row for requests without a token, which no presented token matches', () => {
    const tokens = temp.store.tokens;
    const client = tokens.withoutToken('ollama', 'ollama (no token)');
    expect(client).toEqual({ name: 'ollama (no token)', tokenId: 'tok_without_token_ollama' });
    // Asked again (each request asks), it is the same row.
    expect(tokens.withoutToken('ollama', 'ollama (no token)')).toEqual(client);
    const listed = tokens.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'ollama (no token)', prefix: '', withoutToken: true });
    for (const presented of ['', 'mgw_', 'ollama (no token)', 'tok_without_token_ollama'])
      expect(tokens.verify(presented)).toBeNull();
    expect(() => tokens.revoke('ollama (no token)')).toThrow(InvalidInputError);
    expect(() => tokens.revoke('tok_without_token_ollama')).toThrow(/without a token/);
    expect(tokens.list()[0]?.revokedAt).toBeNull();
    const { info } = tokens.create('cursor');
    expect(info.withoutToken).toBeUndefined();
    expect(() => tokens.create('ollama (no token)')).toThrow(/without a token/);
    expect(tokens.revoke('cursor')).toBe(true);
  });

  it('keeps that row across restarts, and a fresh repo finds it again', () => {
    temp.store.tokens.withoutToken('ollama', 'ollama (no token)');
    const again = new TokenRepo(temp.store.db, () => temp.clock.now);
    expect(again.withoutToken('ollama', 'ollama (no token)').tokenId).toBe(
      'tok_without_token_ollama',
    );
    expect(again.list()).toHaveLength(1);
  });
});
