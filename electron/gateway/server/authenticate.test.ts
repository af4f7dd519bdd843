import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../formats/anthropic/anthropic-codec.ts';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { geminiCodec } from '../formats/gemini/gemini-codec.ts';
import { authenticate } from './authenticate.ts';
import type { LocalAuthenticator } from './local-auth.ts';
import type { RequestContext } from './request-context.ts';
import type { Route } from './route-table.ts';

const auth: LocalAuthenticator = {
  verify: (token) =>
    token === 'good' ? { name: 'codex', tokenId: 't1' } : token === 'env' ? { name: 'env' } : null,
};

const context = (headers: Record<string, string> = {}) =>
  ({
    headers,
    record: { client: null, clientTokenId: null },
  }) as unknown as Pick<RequestContext, 'headers' | 'record'>;

const none = new URLSearchParams();
const generate = (codec: typeof chatCodec): Route => ({ kind: 'generate', codec, path: {} });
const listModels: Route = { kind: 'list-models', codec: undefined };

describe('authenticate', () => {
  it('records whose token it is, and says where it came', () => {
    const ctx = context({ authorization: 'Bearer good' });
    expect(authenticate(ctx, generate(chatCodec), none, auth)).toBe('bearer');
    expect(ctx.record).toMatchObject({ client: 'codex', clientTokenId: 't1' });
    const env = context({ authorization: 'Bearer env' });
    authenticate(env, listModels, none, auth);
    expect(env.record).toMatchObject({ client: 'env', clientTokenId: null });
  });

  it("takes a generation's token only where its format's clients put it", () => {
    const goog = { 'x-goog-api-key': 'good' };
    expect(authenticate(context(goog), generate(geminiCodec), none, auth)).toEqual({
      header: 'x-goog-api-key',
    });
    expect(() => authenticate(context(goog), generate(chatCodec), none, auth)).toThrow(
      /Missing local access token/,
    );
    const key = new URLSearchParams('key=good');
    expect(authenticate(context(), generate(geminiCodec), key, auth)).toEqual({ query: 'key' });
  });

  it("takes any format's place on routes every client calls", () => {
    const anthropic = { 'x-api-key': 'good' };
    expect(authenticate(context(anthropic), listModels, none, auth)).toEqual({
      header: 'x-api-key',
    });
    const counting = anthropicCodec.tokenCounting;
    if (!counting) throw new Error('the Messages format counts tokens');
    const countTokens: Route = { kind: 'count-tokens', codec: anthropicCodec, counting };
    expect(authenticate(context(anthropic), countTokens, none, auth)).toEqual({
      header: 'x-api-key',
    });
  });

  it('answers 401 for a missing or unknown token', () => {
    expect(() => authenticate(context(), listModels, none, auth)).toThrow(
      expect.objectContaining({ status: 401, code: 'missing_token' }),
    );
    expect(() =>
      authenticate(context({ authorization: 'Bearer bad' }), listModels, none, auth),
    ).toThrow(expect.objectContaining({ status: 401, code: 'invalid_token' }));
  });
});
