import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../formats/anthropic/anthropic-codec.ts';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { geminiCodec } from '../formats/gemini/gemini-codec.ts';
import { ollamaCodec } from '../formats/ollama/ollama-codec.ts';
import { authenticate } from './authenticate.ts';
import type { LocalAuthenticator } from './local-auth.ts';
import type { RequestContext } from './request-context.ts';
import type { Route } from './route-table.ts';
import type { TokenlessAccess } from './tokenless-client.ts';

const auth: LocalAuthenticator = {
  verify: (token) =>
    token === 'good' ? { name: 'codex', tokenId: 't1' } : token === 'env' ? { name: 'env' } : null,
};

const context = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ({
    headers,
    remoteAddress,
    record: { client: null, clientTokenId: null },
  }) as unknown as Pick<RequestContext, 'headers' | 'record' | 'remoteAddress'>;

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

  describe('without a token, where the user lets a format in without one', () => {
    const tokenless: TokenlessAccess = {
      clientOf: (format) =>
        format === 'ollama'
          ? { name: 'ollama (no token)', tokenId: 'tok_without_token_ollama' }
          : null,
      allowedOrigins: () => ['http://localhost:3000'],
    };
    const ollamaChat = generate(ollamaCodec);

    it("takes the format's requests from this machine as its client", () => {
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const ctx = context({}, address);
        authenticate(ctx, ollamaChat, none, auth, tokenless);
        expect(ctx.record).toEqual({
          client: 'ollama (no token)',
          clientTokenId: 'tok_without_token_ollama',
        });
      }
      const tags: Route = { kind: 'list-models', codec: ollamaCodec };
      expect(() => authenticate(context(), tags, none, auth, tokenless)).not.toThrow();
    });

    it('still wants a token from other formats, other machines and shared paths', () => {
      const missing = expect.objectContaining({ status: 401, code: 'missing_token' });
      expect(() => authenticate(context(), generate(chatCodec), none, auth, tokenless)).toThrow(
        missing,
      );
      expect(() =>
        authenticate(context({}, '192.168.1.20'), ollamaChat, none, auth, tokenless),
      ).toThrow(missing);
      expect(() => authenticate(context(), listModels, none, auth, tokenless)).toThrow(missing);
      expect(() => authenticate(context(), ollamaChat, none, auth)).toThrow(missing);
    });

    it('refuses a web page the user did not allow, and takes one allowed', () => {
      const refused = expect.objectContaining({ status: 403, code: 'origin_not_allowed' });
      const page = context({ origin: 'https://evil.example' });
      expect(() => authenticate(page, ollamaChat, none, auth, tokenless)).toThrow(refused);
      expect(page.record.client).toBeNull();
      // A no-cors GET from another page carries no Origin; the browser still says where from.
      for (const site of ['cross-site', 'same-site']) {
        const page = context({ 'sec-fetch-site': site });
        expect(() => authenticate(page, ollamaChat, none, auth, tokenless)).toThrow(refused);
      }
      const typed = context({ 'sec-fetch-site': 'none' });
      expect(() => authenticate(typed, ollamaChat, none, auth, tokenless)).not.toThrow();
      expect(() =>
        authenticate(context({ origin: 'null' }), ollamaChat, none, auth, tokenless),
      ).toThrow(refused);
      const allowed = context({ origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' });
      expect(() => authenticate(allowed, ollamaChat, none, auth, tokenless)).not.toThrow();
      const sameOrigin = context({ 'sec-fetch-site': 'same-origin' });
      expect(() => authenticate(sameOrigin, ollamaChat, none, auth, tokenless)).not.toThrow();
    });

    it('checks a token that is sent, as always', () => {
      const ctx = context({ authorization: 'Bearer good', origin: 'https://evil.example' });
      expect(authenticate(ctx, ollamaChat, none, auth, tokenless)).toBe('bearer');
      expect(ctx.record.client).toBe('codex');
      expect(() =>
        authenticate(context({ authorization: 'Bearer bad' }), ollamaChat, none, auth, tokenless),
      ).toThrow(expect.objectContaining({ status: 401, code: 'invalid_token' }));
    });
  });
});
