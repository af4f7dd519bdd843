import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactHeaders } from './redact.ts';

const KEY = 'sk-live-9f8e7d6c5b4a';

describe('redact: known secrets', () => {
  it('removes every occurrence, wherever it is', () => {
    expect(redact(`key ${KEY} and again ${KEY}.`, [KEY])).toBe(
      `key ${REDACTED} and again ${REDACTED}.`,
    );
    expect(redact(`prefix${KEY}suffix`, [KEY])).toBe(`prefix${REDACTED}suffix`);
  });

  it('removes the JSON-escaped and URL-encoded forms of a secret', () => {
    const odd = 'a"b\\c/d+e&f';
    expect(redact(JSON.stringify({ note: odd }), [odd])).toBe(`{"note":"${REDACTED}"}`);
    expect(redact(`https://x.test/?q=${encodeURIComponent(odd)}`, [odd])).toBe(
      `https://x.test/?q=${REDACTED}`,
    );
  });

  it('removes a longer secret whole when it contains a shorter one', () => {
    expect(redact('abc-123-xyz', ['123', 'abc-123-xyz'])).toBe(REDACTED);
  });

  it('ignores empty secrets instead of redacting between every character', () => {
    expect(redact('plain text', ['', 'zzz'])).toBe('plain text');
  });
});

describe('redact: credential-shaped values', () => {
  it.each([
    ['a header line', `Authorization: Bearer ${KEY}`, `Authorization: Bearer ${REDACTED}`],
    ['lower case', `authorization: bearer ${KEY}`, `authorization: bearer ${REDACTED}`],
    ['a Basic credential', 'Authorization: Basic dXNlcjpwYXNz', `Authorization: Basic ${REDACTED}`],
    ['no scheme', `Authorization: ${KEY} trailing`, `Authorization: ${REDACTED} trailing`],
    [
      'proxy-authorization',
      `Proxy-Authorization: Bearer ${KEY}`,
      `Proxy-Authorization: Bearer ${REDACTED}`,
    ],
    ['x-goog-api-key', `x-goog-api-key: ${KEY}`, `x-goog-api-key: ${REDACTED}`],
    ['X-Goog-Api-Key', `X-Goog-Api-Key:${KEY}\r\nHost: a`, `X-Goog-Api-Key:${REDACTED}\r\nHost: a`],
  ])('in %s', (_what, input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('in JSON bodies and header dumps', () => {
    const body = JSON.stringify({
      headers: { Authorization: `Bearer ${KEY}`, 'x-goog-api-key': 'AIzaSyExample123' },
      model: 'm',
    });
    const out = redact(body);
    expect(out).toBe(
      `{"headers":{"Authorization":"Bearer ${REDACTED}","x-goog-api-key":"${REDACTED}"},"model":"m"}`,
    );
    expect(JSON.parse(out)).toBeTruthy();
  });

  it('in JSON nested inside a JSON string', () => {
    const inner = JSON.stringify({ authorization: `Bearer ${KEY}` });
    const out = redact(JSON.stringify({ captured: inner }));
    expect(out).not.toContain(KEY);
    expect(JSON.parse(JSON.parse(out).captured as string)).toEqual({
      authorization: `Bearer ${REDACTED}`,
    });
  });

  it('in single-quoted and inspected header objects', () => {
    const inspected = `{ authorization: 'Bearer ${KEY}', 'x-goog-api-key': 'AIzaKey1' }`;
    expect(redact(inspected)).toBe(
      `{ authorization: 'Bearer ${REDACTED}', 'x-goog-api-key': '${REDACTED}' }`,
    );
  });

  it('in URLs: key= and its common spellings, keeping the rest of the query', () => {
    expect(redact(`/v1beta/models/m:streamGenerateContent?alt=sse&key=${KEY}`)).toBe(
      `/v1beta/models/m:streamGenerateContent?alt=sse&key=${REDACTED}`,
    );
    expect(redact(`https://h.test/p?key=${KEY}&alt=sse#frag`)).toBe(
      `https://h.test/p?key=${REDACTED}&alt=sse#frag`,
    );
    expect(redact('GET /x?api_key=abc123&access_token=def456 HTTP/1.1')).toBe(
      `GET /x?api_key=${REDACTED}&access_token=${REDACTED} HTTP/1.1`,
    );
    expect(redact(`{"url":"https://h.test/p?key=${KEY}"}`)).toBe(
      `{"url":"https://h.test/p?key=${REDACTED}"}`,
    );
  });

  it('leaves look-alikes alone', () => {
    const text = 'monkey=1&turkey=2 keyboard=3 the Bearer authentication scheme; "key": "id-1"';
    expect(redact(text)).toBe(text);
  });

  it('catches a bearer token outside any header, as in an error message', () => {
    expect(redact(`upstream said: invalid token Bearer ${KEY}`)).toBe(
      `upstream said: invalid token Bearer ${REDACTED}`,
    );
  });

  it('is idempotent', () => {
    const text = `Authorization: Bearer ${KEY} ?key=${KEY} x-goog-api-key: ${KEY}`;
    const once = redact(text, [KEY]);
    expect(redact(once, [KEY])).toBe(once);
    expect(once).not.toContain(KEY);
  });
});

describe('redactHeaders', () => {
  it('replaces credential headers whatever the case, keeping the auth scheme', () => {
    expect(
      redactHeaders({
        Authorization: `Bearer ${KEY}`,
        'X-Goog-Api-Key': KEY,
        cookie: 'session=abc; theme=dark',
        'proxy-authorization': 'Basic dXNlcjpwYXNz',
        'set-cookie': ['a=1', 'b=2'],
        'content-type': 'application/json',
        'content-length': 12,
        'x-absent': undefined,
      }),
    ).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      'X-Goog-Api-Key': REDACTED,
      cookie: REDACTED,
      'proxy-authorization': `Basic ${REDACTED}`,
      'set-cookie': [REDACTED, REDACTED],
      'content-type': 'application/json',
      'content-length': 12,
      'x-absent': undefined,
    });
  });

  it('redacts an authorization value without a known scheme entirely', () => {
    expect(redactHeaders({ authorization: `${KEY} extra` })).toEqual({ authorization: REDACTED });
  });

  it('removes known secrets and key= values from other headers too', () => {
    expect(
      redactHeaders({ 'x-custom': `token ${KEY}`, referer: 'https://a.test/?key=abc' }, [KEY]),
    ).toEqual({ 'x-custom': `token ${REDACTED}`, referer: `https://a.test/?key=${REDACTED}` });
  });

  it('returns a copy and leaves the original untouched', () => {
    const headers = { authorization: `Bearer ${KEY}` };
    const out = redactHeaders(headers);
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(out).not.toBe(headers);
  });
});
