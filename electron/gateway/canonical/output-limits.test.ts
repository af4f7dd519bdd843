import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from './canonical-response.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';
import {
  hasOutputLimits,
  limitResponse,
  StreamOutputLimiter,
  type TextTokenizer,
} from './output-limits.ts';

/** One token per character keeps the arithmetic of these cases visible. */
const perChar: TextTokenizer = {
  count: (text) => text.length,
  prefix: (text, tokens) => text.slice(0, tokens),
};

const answer = (parts: CanonicalResponse['parts']): CanonicalResponse => ({
  id: 'r',
  model: 'm',
  created: 0,
  parts,
  finishReason: 'stop',
});

const run = (limiter: StreamOutputLimiter, events: CanonicalStreamEvent[]) =>
  events.flatMap((event) => limiter.push(event));

const textOf = (events: CanonicalStreamEvent[]) =>
  events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');

describe('output limits', () => {
  it('knows when there is nothing to apply', () => {
    expect(hasOutputLimits(undefined)).toBe(false);
    expect(hasOutputLimits({ stop: [] })).toBe(false);
    expect(hasOutputLimits({ maxTextTokens: 5 })).toBe(true);
  });

  it('cuts a whole answer at the token cap and says length', () => {
    const out = limitResponse(
      answer([
        { type: 'reasoning', text: 'think' },
        { type: 'text', text: 'abc' },
        { type: 'text', text: 'defgh' },
      ]),
      { maxTextTokens: 5 },
      perChar,
    );
    expect(out.parts).toEqual([
      { type: 'reasoning', text: 'think' },
      { type: 'text', text: 'abc' },
      { type: 'text', text: 'de' },
    ]);
    expect(out.finishReason).toBe('length');
  });

  it('ends a whole answer before the first stop sequence and drops the calls after it', () => {
    const out = limitResponse(
      answer([
        { type: 'text', text: 'one two END three' },
        { type: 'tool-call', id: 'c', name: 'f', arguments: '{}' },
      ]),
      { stop: ['three', 'END'] },
      perChar,
    );
    expect(out.parts).toEqual([{ type: 'text', text: 'one two ' }]);
    expect(out.finishReason).toBe('stop');
  });

  it('leaves an answer within its limits untouched', () => {
    const original = answer([{ type: 'text', text: 'short' }]);
    expect(limitResponse(original, { maxTextTokens: 50, stop: ['zzz'] }, perChar)).toBe(original);
  });

  it('finds a stop sequence split across deltas and sends nothing of it', () => {
    const limiter = new StreamOutputLimiter({ stop: ['STOP'] }, perChar);
    const events = run(limiter, [
      { type: 'text-delta', text: 'hello ST' },
      { type: 'text-delta', text: 'OP and more' },
      { type: 'text-delta', text: 'ignored' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } },
    ]);
    expect(textOf(events)).toBe('hello ');
    expect(events.filter((e) => e.type === 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
    expect(events.at(-1)?.type).toBe('usage');
  });

  it('releases held text when it turns out not to be a stop sequence', () => {
    const limiter = new StreamOutputLimiter({ stop: ['STOP'] }, perChar);
    const events = run(limiter, [
      { type: 'text-delta', text: 'a ST' },
      { type: 'text-delta', text: 'ar' },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(textOf(events)).toBe('a STar');
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('cuts a stream at the token cap, swallows tool calls after it and says length', () => {
    const limiter = new StreamOutputLimiter({ maxTextTokens: 4 }, perChar);
    const events = run(limiter, [
      { type: 'text-delta', text: 'ab' },
      { type: 'text-delta', text: 'cdef' },
      { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    expect(events).toEqual([
      { type: 'text-delta', text: 'ab' },
      { type: 'text-delta', text: 'cd' },
      { type: 'finish', reason: 'length' },
    ]);
  });
});
