import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.ts';

describe('newRequestId', () => {
  it('keeps the id format clients and the log see', () => {
    expect(newRequestId()).toMatch(/^req_[0-9a-f]{24}$/);
  });

  it('sorts ids made in later milliseconds after earlier ones (the log index appends)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      ids.push(newRequestId());
      await sleep(2);
    }
    expect([...ids].sort()).toEqual(ids);
  });

  it('tells apart ids made in the same millisecond', () => {
    const ids = Array.from({ length: 10_000 }, newRequestId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
