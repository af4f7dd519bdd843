import { describe, expect, it } from 'vitest';
import { StreamAccumulator } from './stream-accumulator.ts';

describe('StreamAccumulator', () => {
  it('rebuilds text, reasoning with its signature, interleaved tool calls, finish and usage', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'start', id: 'r1', model: 'm', created: 5 });
    acc.add({ type: 'reasoning-delta', text: 'thin' });
    acc.add({ type: 'reasoning-delta', text: 'king', state: { gemini: { s: 'SIG' } } });
    acc.add({ type: 'text-delta', text: 'Hel' });
    acc.add({ type: 'text-delta', text: 'lo' });
    acc.add({ type: 'tool-call-start', index: 0, id: 'c0', name: 'a' });
    acc.add({ type: 'tool-call-start', index: 1, id: 'c1', name: 'b' });
    acc.add({ type: 'tool-call-delta', index: 1, argumentsDelta: '{"y"' });
    acc.add({ type: 'tool-call-delta', index: 0, argumentsDelta: '{}' });
    acc.add({ type: 'tool-call-delta', index: 1, argumentsDelta: ':1}' });
    acc.add({ type: 'tool-call-end', index: 0, state: { gemini: { s: 'S0' } } });
    acc.add({ type: 'usage', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } });
    acc.add({ type: 'finish', reason: 'tool_calls' });
    expect(acc.result()).toEqual({
      id: 'r1',
      model: 'm',
      created: 5,
      parts: [
        { type: 'reasoning', text: 'thinking', state: { gemini: { s: 'SIG' } } },
        { type: 'text', text: 'Hello' },
        { type: 'tool-call', id: 'c0', name: 'a', arguments: '{}', state: { gemini: { s: 'S0' } } },
        { type: 'tool-call', id: 'c1', name: 'b', arguments: '{"y":1}' },
      ],
      finishReason: 'tool_calls',
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
    });
  });

  it('keeps blocks apart: a part ended by a `last` delta or standing `whole` takes no more', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'reasoning-delta', text: 'one' });
    acc.add({ type: 'reasoning-delta', text: '', state: { anthropic: { s: 'S1' } }, part: 'last' });
    acc.add({
      type: 'reasoning-delta',
      text: '',
      state: { anthropic: { r: 'R1' } },
      part: 'whole',
    });
    acc.add({ type: 'reasoning-delta', text: 'two' });
    acc.add({ type: 'reasoning-delta', text: '', state: { anthropic: { s: 'S2' } }, part: 'last' });
    expect(acc.result().parts).toEqual([
      { type: 'reasoning', text: 'one', state: { anthropic: { s: 'S1' } } },
      { type: 'reasoning', text: '', state: { anthropic: { r: 'R1' } } },
      { type: 'reasoning', text: 'two', state: { anthropic: { s: 'S2' } } },
    ]);
  });

  it('merges state of several formats and deltas into one part, value by value', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'reasoning-delta', text: 'a', state: { gemini: { s: 'G1' } } });
    acc.add({ type: 'reasoning-delta', text: 'b', state: { responses: { e: 'E', i: 'rs_1' } } });
    acc.add({ type: 'reasoning-delta', text: 'c', state: { gemini: { s: 'G2' } } });
    expect(acc.result().parts).toEqual([
      {
        type: 'reasoning',
        text: 'abc',
        state: { gemini: { s: 'G2' }, responses: { e: 'E', i: 'rs_1' } },
      },
    ]);
  });

  it('does not share state objects with the events it read', () => {
    const acc = new StreamAccumulator();
    const event = { type: 'reasoning-delta' as const, text: '', state: { gemini: { s: 'G' } } };
    acc.add(event);
    acc.add({ type: 'reasoning-delta', text: '', state: { gemini: { s: 'H' } } });
    expect(event.state.gemini.s).toBe('G');
  });

  it('marks an errored stream', () => {
    const acc = new StreamAccumulator();
    acc.add({ type: 'error', status: 500, message: 'boom' });
    expect(acc.result().finishReason).toBe('error');
    expect(acc.error).toEqual({ status: 500, message: 'boom' });
  });
});
