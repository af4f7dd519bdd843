import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_FORMATS } from '../../shared/wire-formats.ts';
import { expectErrorIn } from './error-shapes.ts';
import { exchange, FORMAT_PAIRS, MODEL_FOR } from './exchange.ts';
import {
  chunk,
  head,
  jsonAnswer,
  lastChunk,
  end,
  startFaultUpstream,
  type FaultUpstream,
} from './fault-upstream.ts';
import { FAST_RETRY, startFixture, type GatewayFixture } from './gateway-fixture.ts';

/**
 * Error answers an upstream (or a proxy in front of it) really sends: an HTML error page, a
 * plain-text one, an error body far too large, 429 storms with `Retry-After`, 5xx bursts. The
 * client gets the status in its own format with a readable message; retries happen only where
 * the spec allows, count as attempts, and never as extra records.
 */
let up: FaultUpstream;
let fx: GatewayFixture;

beforeAll(async () => {
  up = await startFaultUpstream();
  fx = await startFixture({ upstreamUrl: up.url });
});
afterAll(async () => {
  await fx.close();
  await up.close();
});

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const page = (status: number, type: string, body: string) => () => [
  head(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }),
  { kind: 'write' as const, data: body },
  end,
];

describe.each(FORMAT_PAIRS)('$upstream upstream → $client client', ({ client, upstream }) => {
  const model = MODEL_FOR[upstream];

  it('an HTML 502 page becomes a 502 in the client’s format that names the page', async () => {
    up.script = page(502, 'text/html', NGINX_502);
    const { reply, record } = await exchange(fx, { format: client, model, stream: true });
    const error = expectErrorIn(client, reply, 502);
    expect(String(error.message)).toMatch(/502 Bad Gateway/);
    expect(String(error.message)).not.toMatch(/<\/?[a-z]+>/);
    expect(record).toMatchObject({ status: 502, attempts: 1 });
  });
});

describe('error answers on every route', () => {
  it('a plain-text 500 keeps its status and text', async () => {
    up.script = page(500, 'text/plain', 'upstream exploded');
    for (const { client, upstream } of FORMAT_PAIRS) {
      const { reply } = await exchange(fx, {
        format: client,
        model: MODEL_FOR[upstream],
        stream: false,
      });
      const error = expectErrorIn(client, reply, 500);
      expect(error.message).toBe('upstream exploded');
    }
  });

  it('an error body of many megabytes is not read whole: a bounded 502 in the client’s format', async () => {
    const huge = `<html><head><title>Oops</title></head><body>${'x'.repeat(24 * 1024 * 1024)}</body></html>`;
    up.script = () => [
      head(502, { 'content-type': 'text/html', 'transfer-encoding': 'chunked' }),
      chunk(huge),
      lastChunk,
      end,
    ];
    for (const { client, upstream } of FORMAT_PAIRS.filter(
      (p) => p.client === p.upstream || p.client === 'chat',
    )) {
      const { reply, record } = await exchange(fx, {
        format: client,
        model: MODEL_FOR[upstream],
        stream: false,
      });
      expectErrorIn(client, reply, 502);
      expect(reply.body.length).toBeLessThan(8 * 1024);
      expect((record.errorMessage ?? '').length).toBeLessThan(8 * 1024);
    }
  });
});

describe('429 storms and 5xx bursts', () => {
  const rateLimited = (retryAfter: string) =>
    jsonAnswer(
      429,
      { error: { message: 'Rate limit reached', type: 'rate_limit_error' } },
      { 'retry-after': retryAfter },
    );

  it('a storm of 429s with a short Retry-After: retried to the budget, then the 429 with its header', async () => {
    up.script = () => rateLimited('0');
    const before = up.generations().length;
    const { reply, record } = await exchange(fx, {
      format: 'chat',
      model: 'sim-chat',
      stream: true,
    });
    expectErrorIn('chat', reply, 429);
    expect(reply.headers['retry-after']).toBe('0');
    expect(record.attempts).toBe(FAST_RETRY.maxRetries + 1);
    expect(up.generations().length - before).toBe(FAST_RETRY.maxRetries + 1);
  });

  it('a Retry-After longer than the gateway waits is passed on at once', async () => {
    up.script = () => rateLimited('30');
    const { reply, record, elapsedMs } = await exchange(fx, {
      format: 'gemini',
      model: 'sim-chat',
      stream: false,
    });
    expectErrorIn('gemini', reply, 429);
    expect(elapsedMs).toBeLessThan(1000);
    expect(record.attempts).toBe(1);
  });

  it('many clients in a storm: each gets its 429, one record each, attempts within the budget', async () => {
    up.script = () => rateLimited('0');
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        exchange(fx, {
          format: WIRE_FORMATS[i % WIRE_FORMATS.length]!,
          model: 'sim-responses',
          // Every format both streamed and not, whatever the number of formats.
          stream: Math.floor(i / WIRE_FORMATS.length) % 2 === 0,
        }),
      ),
    );
    for (const { reply, record } of results) {
      expect(reply.status).toBe(429);
      expect(record.attempts).toBe(FAST_RETRY.maxRetries + 1);
    }
  });

  it('500, 502 and 504 are not retried; a 503 burst is', async () => {
    for (const status of [500, 502, 504]) {
      up.script = () => jsonAnswer(status, { error: { message: `burst ${status}` } });
      const { reply, record } = await exchange(fx, {
        format: 'responses',
        model: 'sim-responses',
        stream: false,
      });
      expectErrorIn('responses', reply, status);
      expect(record.attempts).toBe(1);
    }
    let calls = 0;
    up.script = () =>
      ++calls <= 2
        ? jsonAnswer(503, { error: { message: 'busy' } })
        : jsonAnswer(200, { id: 'ok', object: 'response', status: 'completed', output: [] });
    const { reply, record } = await exchange(fx, {
      format: 'responses',
      model: 'sim-responses',
      stream: false,
    });
    expect(reply.status).toBe(200);
    expect(record.attempts).toBe(3);
  });
});
