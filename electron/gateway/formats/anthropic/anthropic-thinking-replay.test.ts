import { describe, expect, it } from 'vitest';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { storedThinking, thinkingStateKey, ThinkingKeeper } from './anthropic-thinking-replay.ts';

describe('thinking kept for the calls that follow it', () => {
  it('files the signed blocks before each call under that call, byte-exact', () => {
    const ctx = testContext();
    const keeper = new ThinkingKeeper(ctx.state);
    keeper.thinking('First.', 'SIG1');
    keeper.redacted('REDACTED');
    keeper.call('toolu_1');
    keeper.thinking('unsigned', '');
    keeper.call('toolu_2');
    keeper.thinking('Second.', 'SIG2');
    keeper.call('toolu_3');
    expect(storedThinking(ctx.state, 'toolu_1')).toEqual([
      { type: 'thinking', thinking: 'First.', signature: 'SIG1' },
      { type: 'redacted_thinking', data: 'REDACTED' },
    ]);
    expect(storedThinking(ctx.state, 'toolu_2')).toBeUndefined();
    expect(storedThinking(ctx.state, 'toolu_3')).toEqual([
      { type: 'thinking', thinking: 'Second.', signature: 'SIG2' },
    ]);
  });

  it('ignores what is stored under the key in another shape', () => {
    const ctx = testContext();
    ctx.state.set(thinkingStateKey('c'), '[{"type":"thinking"}]');
    expect(storedThinking(ctx.state, 'c')).toBeUndefined();
    ctx.state.set(thinkingStateKey('d'), 'not json');
    expect(storedThinking(ctx.state, 'd')).toBeUndefined();
  });
});
