import { describe, it } from 'vitest';
import { httpRequest } from '../../reliability/raw-http.ts';
import type { BadInputContext } from '../format-kit.ts';

/** The native model list's own paths: its escapes, its `?key=` token, Node's header limit. */
export function geminiBadInput(ctx: BadInputContext): void {
  const { kit } = ctx;
  const get = (path: string, headers: Record<string, string> = {}) =>
    httpRequest(ctx.url(), {
      path,
      headers: { authorization: `Bearer ${ctx.token()}`, ...headers },
    });

  describe('bad input on the native model list', () => {
    it('a broken escape and a bad key get errors in the native shape', async () => {
      kit.errors.expect(await get('/v1beta/models/%E0%A4%A'), 404);
      kit.errors.expect(await get('/v1beta/models?key=wrong', { authorization: '' }), 401);
    });

    it('a request line over Node’s limit gets a JSON 431 in the native shape', async () => {
      kit.errors.expect(await get(`/v1beta/models?pad=${'a'.repeat(70_000)}`), 431);
    });
  });
}
