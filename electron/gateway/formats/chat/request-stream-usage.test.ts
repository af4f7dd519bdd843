import { describe, expect, it } from 'vitest';
import { requestStreamUsage } from './request-stream-usage.ts';

const run = (text: string) =>
  requestStreamUsage(Buffer.from(text), JSON.parse(text) as Record<string, unknown>);

describe('requestStreamUsage', () => {
  it('splices the usage request in and keeps every other byte', () => {
    const text = '  {"model":"m",  "messages":[{"role":"user","content":"hi"}],"stream":true}';
    const result = run(text);
    expect(result).toMatchObject({ clientAsked: false, changed: true });
    const out = result.body.toString();
    expect(out.replace('"stream_options":{"include_usage":true},', '')).toBe(text);
    expect(JSON.parse(out).stream_options).toEqual({ include_usage: true });
  });

  it('leaves a body alone when the client asked for usage', () => {
    const text =
      '{"model":"m","messages":[],"stream":true,"stream_options":{"include_usage":true}}';
    const result = run(text);
    expect(result).toMatchObject({ clientAsked: true, changed: false });
    expect(result.body.toString()).toBe(text);
  });

  it('merges into stream_options the client sent without usage', () => {
    const result = run(
      '{"model":"m","messages":[],"stream":true,"stream_options":{"include_obfuscation":false}}',
    );
    expect(JSON.parse(result.body.toString()).stream_options).toEqual({
      include_obfuscation: false,
      include_usage: true,
    });
    expect(result.clientAsked).toBe(false);
  });
});
