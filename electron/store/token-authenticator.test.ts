import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { tokenAuthenticator } from './token-authenticator.ts';

describe('tokenAuthenticator', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  it('lets a valid token through and records its use', () => {
    const { token, info } = temp.store.tokens.create('cursor');
    const auth = tokenAuthenticator(temp.store.tokens);
    expect(auth.verify(token)).toEqual({ name: 'cursor', tokenId: info.id });
    expect(temp.store.tokens.list()[0]?.lastUsedAt).toBe(temp.clock.now);
    expect(auth.verify('mgw_wrong')).toBeNull();
  });

  it('still lets the request through when recording the use fails', () => {
    const { token } = temp.store.tokens.create('cursor');
    const errors: unknown[] = [];
    const auth = tokenAuthenticator(temp.store.tokens, (e) => errors.push(e));
    // Verification runs from memory; the bookkeeping write is what breaks here.
    temp.store.db.exec(
      "CREATE TRIGGER no_touch BEFORE UPDATE OF last_used_at ON local_tokens BEGIN SELECT RAISE(ABORT, 'locked'); END",
    );
    expect(auth.verify(token)?.name).toBe('cursor');
    expect(String(errors[0])).toContain('locked');
  });
});
