import { describe, expect, it } from 'vitest';
import type { FormatCodec } from '../../canonical/format-codec.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { NDJSON_FRAMING } from '../framing/ndjson-framing.ts';
import { ollamaCodec } from './ollama-codec.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';

// Every field but `format` is a FormatCodec's already (checked by tsc): wiring it in changes
// only the type of `format`.
const _asCodec: FormatCodec = { ...ollamaCodec, format: 'chat' };

/** What the route table hands `readEnvelope`: the codec's own answer for the path. */
function route(pathname: string) {
  const path = ollamaCodec.matchPath(pathname, new URLSearchParams());
  if (path === undefined || path instanceof GatewayError) throw new Error(`no route: ${pathname}`);
  return path;
}

describe('ollamaCodec', () => {
  it('is the Ollama format, NDJSON-framed, under /api/', () => {
    expect(ollamaCodec).toMatchObject({
      format: 'ollama',
      marker: 'ollama',
      pathPrefixes: ['/api/'],
      served: ['/api/chat', '/api/generate'],
      tokenSources: [],
      corsHeaders: ['user-agent'],
    });
    expect(ollamaCodec.framing).toBe(NDJSON_FRAMING);
    expect(ollamaCodec.newResponseId()).toMatch(/^ollama-/);
  });

  it('serves both endpoints and owns the rest of /api/ for its errors', () => {
    const query = new URLSearchParams();
    expect(ollamaCodec.matchPath('/api/chat', query)).toEqual({ endpoint: 'chat' });
    expect(ollamaCodec.matchPath('/api/generate', query)).toEqual({ endpoint: 'generate' });
    expect(ollamaCodec.matchPath('/api/tags', query)).toBeUndefined();
    expect(ollamaCodec.ownsPath('/api/pull')).toBe(true);
  });

  it('decodes each endpoint’s body by the endpoint of its path', () => {
    const generate = { model: 'm', prompt: 'Hi', stream: false };
    const envelope = ollamaCodec.readEnvelope(generate, route('/api/generate'));
    expect(ollamaCodec.decodeRequest(generate, testContext(), envelope).messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]);
    const chat = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
    const chatEnvelope = ollamaCodec.readEnvelope(chat, route('/api/chat'));
    expect(ollamaCodec.decodeRequest(chat, testContext(), chatEnvelope).stream).toBe(true);
    // The same chat body sent to /api/generate is a generate request, refused as such.
    const wrong = ollamaCodec.readEnvelope(chat, route('/api/generate'));
    expect(() => ollamaCodec.decodeRequest(chat, testContext(), wrong)).toThrow(
      /'messages' cannot be translated/,
    );
  });

  it('writes errors in Ollama’s shape, in a body and as a stream’s last line', () => {
    const error = new GatewayError(429, 'Slow down.', { retryAfterSeconds: 3 });
    expect(ollamaCodec.errorBody(error)).toEqual({ error: 'Slow down.' });
    expect(ollamaCodec.streamError(error, 0)).toBe('{"error":"Slow down."}\n');
    expect(ollamaCodec.decodeError(429, '{"error":"Slow down."}', {})).toMatchObject({
      status: 429,
      message: 'Slow down.',
    });
  });

  it('asks an upstream on /api/chat and rewrites only the model of a passed-through body', () => {
    expect(ollamaCodec.upstreamPath('m', true)).toBe('/api/chat');
    const raw = Buffer.from('{"model":"a","messages":[],"options":{"seed":1}}');
    expect(ollamaCodec.withModel(raw, 'b').toString()).toBe(
      '{"model":"b","messages":[],"options":{"seed":1}}',
    );
  });
});
