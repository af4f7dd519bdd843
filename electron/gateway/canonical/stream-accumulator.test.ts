import { describe, expect, it } from 'vitest';
import { StreamAccumulator } from './stream-accumulator.ts';

describe('StreamAccumulator', () => {
  it('rebuilds text, reasoning with its signature, interleaved tool calls, finish and usage', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'start', id: 'r1', model: 'm', created: 5 });
    acc.add({ type: 'reasoning-delta', text: 'thin' });
    acc.add({ type: 'reasoning-delta', text: 'king', signature: 'SIG' });
    acc.add({ type: 'text-delta', text: 'Hel' });
    acc.add({ type: 'text-delta', text: 'lo' });
    acc.add({ type: 'tool-call-start', index: 0, id: 'c0', name: 'a' });
    acc.add({ type: 'tool-call-start', index: 1, id: 'c1', name: 'b' });
    acc.add({ type: 'tool-call-delta', index: 1, argumentsDelta: '{"y"' });
    acc.add({ type: 'tool-call-delta', index: 0, argumentsDelta: '{}' });
    acc.add({ type: 'tool-call-delta', index: 1, argumentsDelta: ':1}' });
    acc.add({ type: 'tool-call-end', index: 0, signature: 'S0' });
    acc.add({ type: 'usage', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } });
    acc.add({ type: 'finish', reason: 'tool_calls' });
    expect(acc.result()).toEqual({
      id: 'r1',
      model: 'm',
      created: 5,
      parts: [
        { type: 'reasoning', text: 'thinking', signature: 'SIG' },
        { type: 'text', text: 'Hello' },
        { type: 'tool-call', id: 'c0', name: 'a', arguments: '{}', signature: 'S0' },
        { type: 'tool-call', id: 'c1', name: 'b', arguments: '{"y":1}' },
      ],
      finishReason: 'tool_calls',
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
    });
  });

  it('keeps Anthropic thinking blocks apart: a signed or redacted block ends the part', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'reasoning-delta', text: 'one' });
    acc.add({ type: 'reasoning-delta', text: '', thinkingSignature: 'S1' });
    acc.add({ type: 'reasoning-delta', text: '', redacted: 'R1' });
    acc.add({ type: 'reasoning-delta', text: 'two' });
    acc.add({ type: 'reasoning-delta', text: '', thinkingSignature: 'S2' });
    expect(acc.result().parts).toEqual([
      { type: 'reasoning', text: 'one', thinkingSignature: 'S1' },
      { type: 'reasoning', text: '', redacted: 'R1' },
      { type: 'reasoning', text: 'two', thinkingSignature: 'S2' },
    ]);
  });

  it('marks an errored stream', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'error', status: 500, message: 'boom' });
    expect(acc.result().finishReason).toBe('error');
    expect(acc.error).toEqual({ status: 500, message: 'boom' });
  });
});
