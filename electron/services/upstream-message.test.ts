import { describe, expect, it } from 'vitest';
import { upstreamMessage, withoutSecret } from './upstream-message.ts';

describe('upstreamMessage', () => {
  it('reads OpenAI’s, Google’s and bare error bodies', () => {
    expect(upstreamMessage('{"error":{"message":"Bad key","type":"x"}}')).toBe('Bad key');
    expect(
      upstreamMessage('[{"error":{"code":401,"message":"No","status":"UNAUTHENTICATED"}}]'),
    ).toBe('No');
    expect(upstreamMessage('{"message":"Plain"}')).toBe('Plain');
    expect(upstreamMessage('{"error":"as text"}')).toBe('as text');
  });

  it('falls back to the text, shortened', () => {
    expect(upstreamMessage('  Bad Gateway  ')).toBe('Bad Gateway');
    expect(upstreamMessage('y'.repeat(400))).toBe(`${'y'.repeat(300)}…`);
  });
});

describe('withoutSecret', () => {
  it('removes every occurrence of the secret', () => {
    expect(withoutSecret('key sk-1 is wrong: sk-1', 'sk-1')).toBe(
      'key [REDACTED] is wrong: [REDACTED]',
    );
    expect(withoutSecret('nothing', '')).toBe('nothing');
  });
});
