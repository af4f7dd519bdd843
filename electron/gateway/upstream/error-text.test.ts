import { describe, expect, it } from 'vitest';
import { isJsonBody, readableErrorText } from './error-text.ts';

describe('readableErrorText', () => {
  it('names an HTML page by its title, without markup', () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><h1>x</h1></body></html>';
    expect(readableErrorText(502, page)).toBe(
      'The upstream answered 502 with an HTML page: 502 Bad Gateway',
    );
  });

  it('falls back to the page text, and keeps plain text as it is', () => {
    expect(readableErrorText(503, '<body><p>Down for maintenance</p></body>')).toMatch(
      /HTML page: Down for maintenance$/,
    );
    expect(readableErrorText(500, ' upstream exploded\n')).toBe('upstream exploded');
    expect(readableErrorText(500, '')).toBe('The upstream answered 500 with no body.');
    expect(readableErrorText(500, 'y'.repeat(2000)).length).toBeLessThan(520);
  });
});

describe('isJsonBody', () => {
  it('tells the API’s JSON from anything else', () => {
    expect(isJsonBody('{"error":{"message":"m"}}')).toBe(true);
    expect(isJsonBody('[{"error":{}}]')).toBe(true);
    expect(isJsonBody('<html></html>')).toBe(false);
    expect(isJsonBody('{"cut":')).toBe(false);
  });
});
