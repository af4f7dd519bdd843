import { describe, expect, it } from 'vitest';
import { deepObjects } from '../../reliability/bad-bodies.ts';
import { httpRequest, openConnection, parseRawResponse } from '../../reliability/raw-http.ts';
import type { BadInputContext } from '../format-kit.ts';

/**
 * Ollama's own paths: `/api/tags` (its model list), `/api/generate` (its second generation
 * endpoint, which the shared suite, taking one path per format, does not reach), and bad
 * requests on `/api/` answered in Ollama's shape. Pending in the gateway, so not checked here:
 * a passed-through `/api/generate` (sent to the upstream's chat path), load requests (a chat
 * without messages) answered locally, and `/api/show`, `/api/version`, `/api/ps`.
 */
export function ollamaBadInput(ctx: BadInputContext): void {
  const { kit } = ctx;
  const translated = kit.translatedModel;
  const bearer = () => ({ authorization: `Bearer ${ctx.token()}` });
  const call = (
    path: string,
    body: string | Buffer | null,
    headers: Record<string, string> = bearer(),
    method = body === null ? 'GET' : 'POST',
  ) =>
    httpRequest(ctx.url(), {
      method,
      path,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === null ? {} : { body }),
    });
  /** A raw reply read off a connection, as the error check takes it. */
  const rawReply = (raw: ReturnType<typeof parseRawResponse>) => ({
    status: raw.status,
    headers: { 'content-type': 'application/json' },
    text: raw.body,
  });

  describe('bad input on the Ollama paths', () => {
    it('a wrong method, an unknown path and a wrong or missing token get errors in Ollama’s shape', async () => {
      const chat = JSON.stringify(kit.client.request(kit.nativeModel, 'hi', false).body);
      const got = await call('/api/chat', null);
      kit.errors.expect(got, 405);
      expect(got.headers.allow).toBe('POST');
      kit.errors.expect(await call('/api/tags', chat), 405);
      kit.errors.expect(await call('/api/nonexistent', chat), 404);
      kit.errors.expect(await call('/api/chat', chat, { authorization: 'Bearer wrong' }), 401);
      // Ollama clients send no token unless given one; one the user did not let in is refused.
      kit.errors.expect(await call('/api/chat', chat, {}), 401);
      kit.errors.expect(await call('/api/tags', null, { authorization: 'Bearer wrong' }), 401);
    });

    it('/api/tags lists the catalog’s generation models as Ollama lists its own', async () => {
      const list = await call('/api/tags', null);
      expect(list.status, list.text).toBe(200);
      const { models } = JSON.parse(list.text) as { models: Record<string, unknown>[] };
      const names = models.map((model) => model.name);
      expect(names).toEqual(expect.arrayContaining([kit.nativeModel, translated]));
      // Embedding models cannot answer a chat: they are not listed.
      expect(names).not.toContain('sim-embed');
      for (const model of models)
        expect(model).toMatchObject({
          model: model.name,
          size: expect.any(Number),
          digest: expect.stringMatching(/^[0-9a-f]{64}$/),
          details: expect.any(Object),
        });
    });

    it('a request line over Node’s limit gets a JSON 431 in Ollama’s shape', async () => {
      const reply = await httpRequest(ctx.url(), {
        method: 'POST',
        path: `/api/chat?pad=${'a'.repeat(70_000)}`,
        headers: bearer(),
        body: '{}',
      });
      kit.errors.expect(reply, 431);
    });

    it('bytes that are not HTTP get a JSON 400 in Ollama’s shape and the connection closes', async () => {
      const conn = await openConnection(ctx.url());
      await conn.write(`POST /api/chat HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header line\r\n\r\n`);
      await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
      kit.errors.expect(rawReply(parseRawResponse(conn.received())), 400);
      conn.drop();
    });

    it('/api/generate: malformed, wrong types and deep nesting get 400s; a valid prompt is answered', async () => {
      for (const body of [
        '{"model":',
        '',
        '[]',
        '{"model":42,"prompt":"hi"}',
        `{"model":"${translated}","prompt":["hi"]}`,
        // Messages belong to /api/chat: refused by name, not ignored, when translating.
        `{"model":"${translated}","prompt":"hi","messages":[]}`,
        `{"model":"${translated}","prompt":"hi","format":${deepObjects(ctx.nesting)}}`,
      ]) {
        const reply = await call('/api/generate', body);
        expect(reply.status, `${body.slice(0, 80)}: ${reply.text}`).toBe(400);
        kit.errors.expect(reply, 400);
        await ctx.expectOneRecord(reply);
      }
      const answered = await call(
        '/api/generate',
        JSON.stringify({ model: translated, prompt: 'generate me', stream: false }),
      );
      expect(answered.status, answered.text).toBe(200);
      expect(JSON.parse(answered.text)).toMatchObject({
        model: translated,
        response: expect.stringContaining('generate me'),
        done: true,
        done_reason: 'stop',
      });
      await ctx.expectOneRecord(answered);
    });
  });
}
