import { describe, expect, it } from 'vitest';
import {
  bigValid,
  deepArrays,
  deepInField,
  deepTool,
  invalidUtf8,
} from '../../reliability/bad-bodies.ts';
import {
  httpRequest,
  openConnection,
  parseRawResponse,
  postHead,
} from '../../reliability/raw-http.ts';
import type { BadInputContext } from '../format-kit.ts';

/** The version @anthropic-ai/sdk sends; the Messages API refuses a request without one. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * The Messages paths' own bad input: their token header (`x-api-key`), their version header,
 * `count_tokens`, and the shared model list as an Anthropic client calls it.
 */
export function anthropicBadInput(ctx: BadInputContext): void {
  const { kit } = ctx;
  const native = kit.nativeModel;
  const translated = kit.translatedModel;
  const MESSAGES = JSON.stringify({
    model: native,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'hi' }],
  });
  const call = (path: string, headers: Record<string, string>, method = 'POST', body = MESSAGES) =>
    httpRequest(ctx.url(), {
      method,
      path,
      headers: { 'content-type': 'application/json', ...headers },
      ...(method === 'POST' ? { body } : {}),
    });
  const countTokens = (body: string | Buffer) =>
    httpRequest(ctx.url(), {
      method: 'POST',
      path: '/v1/messages/count_tokens',
      headers: {
        authorization: `Bearer ${ctx.token()}`,
        'content-type': 'application/json',
        'anthropic-version': ANTHROPIC_VERSION,
      },
      body,
    });
  /** A raw reply read off a connection, as the error check takes it. */
  const rawReply = (raw: ReturnType<typeof parseRawResponse>) => ({
    status: raw.status,
    headers: { 'content-type': 'application/json' },
    text: raw.body,
  });

  describe('bad input on the Messages paths', () => {
    it('a wrong method, an unknown sub-path and a wrong or missing key get errors in the Messages shape', async () => {
      const bearer = {
        authorization: `Bearer ${ctx.token()}`,
        'anthropic-version': ANTHROPIC_VERSION,
      };
      const got = await call('/v1/messages', bearer, 'GET');
      kit.errors.expect(got, 405);
      expect(got.headers.allow).toBe('POST');
      kit.errors.expect(await call('/v1/messages/count_tokens', bearer, 'GET'), 405);
      kit.errors.expect(await call('/v1/messages/batches', bearer), 404);
      const version = { 'anthropic-version': ANTHROPIC_VERSION };
      kit.errors.expect(await call('/v1/messages', { ...version, 'x-api-key': 'wrong' }), 401);
      kit.errors.expect(await call('/v1/messages', version), 401);
      // The SDK's way of sending the token is accepted like a Bearer one.
      const byKey = await call('/v1/messages', { ...version, 'x-api-key': ctx.token() });
      expect(byKey.status, byKey.text).toBe(200);
      await ctx.expectOneRecord(byKey);
    });

    it('an Anthropic client listing models with a wrong key gets the 401 in its own shape', async () => {
      // It always sends its version, which is how the shared `/v1/models` tells it from others.
      const reply = await httpRequest(ctx.url(), {
        path: '/v1/models',
        headers: { 'x-api-key': 'wrong', 'anthropic-version': ANTHROPIC_VERSION },
      });
      kit.errors.expect(reply, 401);
    });

    it('a request line over Node’s limit gets a JSON 431 in the Messages shape', async () => {
      const messages = await httpRequest(ctx.url(), {
        method: 'POST',
        path: `/v1/messages?beta=true&pad=${'a'.repeat(70_000)}`,
        headers: { authorization: `Bearer ${ctx.token()}`, 'anthropic-version': ANTHROPIC_VERSION },
        body: '{}',
      });
      kit.errors.expect(messages, 431);
    });

    it('bytes that are not HTTP get a JSON 400 in the Messages shape and the connection closes', async () => {
      const conn = await openConnection(ctx.url());
      await conn.write(`POST /v1/messages HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header line\r\n\r\n`);
      await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
      kit.errors.expect(rawReply(parseRawResponse(conn.received())), 400);
      conn.drop();
    });

    it('a request without `anthropic-version` is still served: the gateway sends its own version upstream', async () => {
      ctx.clearJournal();
      const reply = await call('/v1/messages', { authorization: `Bearer ${ctx.token()}` });
      expect(reply.status, reply.text).toBe(200);
      expect(ctx.journal().at(-1)?.headers['anthropic-version']).toBeTruthy();
    });

    it('count_tokens: malformed, wrong types, invalid UTF-8 and oversize bodies get 4xx in the Messages shape; a valid one is counted', async () => {
      for (const body of [
        '{"model":',
        '',
        '[]',
        'null',
        '{"model":42,"messages":[]}',
        `{"model":"${native}","messages":"hello"}`,
      ]) {
        const reply = await countTokens(body);
        kit.errors.expect(reply, 400);
        await ctx.expectOneRecord(reply);
      }
      const utf8 = await countTokens(invalidUtf8(kit, translated));
      expect(String(kit.errors.expect(utf8, 400).message)).toMatch(/UTF-8/);
      // Over the limit by its declared length: refused before any byte of it is read.
      const conn = await openConnection(ctx.url());
      await conn.write(
        postHead(
          '/v1/messages/count_tokens',
          { authorization: `Bearer ${ctx.token()}`, 'anthropic-version': ANTHROPIC_VERSION },
          ctx.limit + 1,
        ),
      );
      const text = await conn.waitFor(/\r\n\r\n[\s\S]*\}\s*$/);
      kit.errors.expect(rawReply(parseRawResponse(Buffer.from(text, 'latin1'))), 413);
      conn.drop();
      const counted = await countTokens(bigValid(kit, translated, 64 * 1024));
      expect(counted.status, counted.text).toBe(200);
      expect(JSON.parse(counted.text)).toMatchObject({ input_tokens: expect.any(Number) });
    });

    it('count_tokens: a body Messages would refuse is refused for a model the gateway counts itself', async () => {
      // The same body as a Messages request minus max_tokens; the upstream refuses it for its own
      // models (above), so an estimate for another model's must not accept it either.
      for (const body of [
        `{"model":"${translated}","messages":"hello"}`,
        `{"model":"${translated}"}`,
      ]) {
        const reply = await countTokens(body);
        expect(reply.status, `${body}: ${reply.text}`).toBe(400);
        kit.errors.expect(reply, 400);
        await ctx.expectOneRecord(reply);
      }
    });

    it(`count_tokens: deep nesting (${ctx.nesting} levels) is refused or counted, never a crash or a 500`, async () => {
      kit.errors.expect(await countTokens(deepArrays(ctx.nesting)), 400);
      // A model of another format is counted by the gateway, which walks the whole body.
      for (const [what, body] of [
        ['deep user content', deepInField(kit, translated, ctx.nesting)],
        ['deep tool schema', deepTool(kit, translated, 20_000)],
      ] as const) {
        const reply = await countTokens(body);
        // Soft: each body is reported, and the record checked, whatever the first one did.
        expect.soft([200, 400], `${what}: ${reply.status} ${reply.text}`).toContain(reply.status);
        if (reply.status === 400) kit.errors.expect(reply, 400);
        await ctx.expectOneRecord(reply);
      }
    });
  });
}
