import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KIT, KIT_LIST, KIT_PAIRS } from '../format-kits/kits.ts';
import { exchange } from './exchange.ts';
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
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { errorAnswer } from './stream-faults.ts';

/**
 * Error answers an upstream (or a proxy in front of it) really sends: an HTML error page, a
 * plain-text one, an error body far too large, 429 storms with `Retry-After`, 5xx bursts. The
 * client gets the status in its own format with a readable message; retries happen only where
 * the spec allows, count as attempts, and never as extra records.
 */
let recordings: Recordings;
let up: FaultUpstream;
let fx: GatewayFixture;

beforeAll(async () => {
  recordings = await recordFromSimulator();
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

describe.each(KIT_PAIRS)('$label', ({ client, upstream }) => {
  const model = upstream.nativeModel;

  it('an HTML 502 page becomes a 502 in the client’s format that names the page', async () => {
    up.script = page(502, 'text/html', NGINX_502);
    const { reply, record } = await exchange(fx, { kit: client, model, stream: true });
    const error = client.errors.expect(reply, 502);
    expect(String(error.message)).toMatch(/502 Bad Gateway/);
    expect(String(error.message)).not.toMatch(/<\/?[a-z]+>/);
    expect(record).toMatchObject({ status: 502, attempts: 1 });
  });
});

describe('error answers on every route', () => {
  it('a plain-text 500 keeps its status and text', async () => {
    up.script = page(500, 'text/plain', 'upstream exploded');
    for (const { client, upstream } of KIT_PAIRS) {
      const { reply } = await exchange(fx, {
        kit: client,
        model: upstream.nativeModel,
        stream: false,
      });
      const error = client.errors.expect(reply, 500);
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
    for (const { client, upstream } of KIT_PAIRS.filter(
      (p) => p.client === p.upstream || p.client === DEFAULT_KIT,
    )) {
      const { reply, record } = await exchange(fx, {
        kit: client,
        model: upstream.nativeModel,
        stream: false,
      });
      client.errors.expect(reply, 502);
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
      kit: DEFAULT_KIT,
      model: DEFAULT_KIT.nativeModel,
      stream: true,
    });
    DEFAULT_KIT.errors.expect(reply, 429);
    expect(reply.headers['retry-after']).toBe('0');
    expect(record.attempts).toBe(FAST_RETRY.maxRetries + 1);
    expect(up.generations().length - before).toBe(FAST_RETRY.maxRetries + 1);
  });

  it.each(KIT_LIST)(
    'a Retry-After longer than the gateway waits is passed on at once to a $format client',
    async (kit) => {
      up.script = () => rateLimited('30');
      const { reply, record, elapsedMs } = await exchange(fx, {
        kit,
        model: kit.translatedModel,
        stream: false,
      });
      kit.errors.expect(reply, 429);
      expect(elapsedMs).toBeLessThan(1000);
      expect(record.attempts).toBe(1);
    },
  );

  it('many clients in a storm: each gets its 429, one record each, attempts within the budget', async () => {
    up.script = () => rateLimited('0');
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        exchange(fx, {
          kit: KIT_LIST[i % KIT_LIST.length]!,
          // Passed through for one format, translated for the others.
          model: DEFAULT_KIT.nativeModel,
          // Every format both streamed and not, whatever the number of formats.
          stream: Math.floor(i / KIT_LIST.length) % 2 === 0,
        }),
      ),
    );
    for (const { reply, record } of results) {
      expect(reply.status).toBe(429);
      expect(record.attempts).toBe(FAST_RETRY.maxRetries + 1);
    }
  });

  it.each(KIT_LIST)('500, 502 and 504 are not retried; a 503 burst is ($format)', async (kit) => {
    for (const status of [500, 502, 504]) {
      // In the upstream's own shape: passed through, it reaches the client as it is.
      up.script = () => errorAnswer(kit, status, `burst ${status}`);
      const { reply, record } = await exchange(fx, {
        kit,
        model: kit.nativeModel,
        stream: false,
      });
      kit.errors.expect(reply, status);
      expect(record.attempts).toBe(1);
    }
    let calls = 0;
    up.script = () =>
      ++calls <= 2 ? errorAnswer(kit, 503, 'busy') : jsonAnswer(200, recordings[kit.format].json);
    const { reply, record } = await exchange(fx, {
      kit,
      model: kit.nativeModel,
      stream: false,
    });
    expect(reply.status).toBe(200);
    expect(record.attempts).toBe(3);
  });
});
