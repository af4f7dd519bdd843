import { describe, expect, it } from 'vitest';
import { withModelMember } from './json-model-member.ts';

const swap = (text: string, model = 'sim-chat'): string =>
  withModelMember(Buffer.from(text), model).toString();

describe('withModelMember', () => {
  it('replaces the top-level model and keeps every other byte', () => {
    const body = '{ "model" :  "coding",\n  "messages": [{"role":"user","content":"hi"}] }';
    expect(swap(body)).toBe(
      '{ "model" :  "sim-chat",\n  "messages": [{"role":"user","content":"hi"}] }',
    );
  });

  it('ignores "model" keys and strings that are not the top-level member', () => {
    const body =
      '{"metadata":{"model":"inner"},"messages":[{"content":"\\"model\\": \\"x\\""}],' +
      '"tools":[{"model":"t"}],"model":"coding"}';
    const out = JSON.parse(swap(body)) as Record<string, unknown>;
    expect(out.model).toBe('sim-chat');
    expect(out.metadata).toEqual({ model: 'inner' });
    expect(out.tools).toEqual([{ model: 't' }]);
    expect(out.messages).toEqual([{ content: '"model": "x"' }]);
  });

  it('a string value equal to "model" is not a key', () => {
    const body = '{"a":"model","model":"coding"}';
    expect(swap(body)).toBe('{"a":"model","model":"sim-chat"}');
  });

  it('takes the last of duplicate keys, as JSON.parse does', () => {
    expect(swap('{"model":"a","x":1,"model":"b"}')).toBe('{"model":"a","x":1,"model":"sim-chat"}');
  });

  it('escapes the new name as JSON', () => {
    expect(JSON.parse(swap('{"model":"r"}', 'we"ird\\name')).model).toBe('we"ird\\name');
  });

  it('writes the body anew when the key is escaped', () => {
    const out = JSON.parse(swap('{"mod\\u0065l":"coding","n":1}')) as Record<string, unknown>;
    expect(out).toEqual({ model: 'sim-chat', n: 1 });
  });

  it('keeps non-ASCII text byte for byte', () => {
    const body = '{"messages":[{"content":"你好 🌍"}],"model":"coding"}';
    expect(swap(body)).toBe('{"messages":[{"content":"你好 🌍"}],"model":"sim-chat"}');
  });
});
