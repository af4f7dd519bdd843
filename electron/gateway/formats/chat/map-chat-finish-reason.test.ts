import { describe, expect, it } from 'vitest';
import { canonicalFinishToChat, chatFinishToCanonical } from './map-chat-finish-reason.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

describe('chatFinishToCanonical', () => {
  it.each([
    ['stop', false, 'stop'],
    ['length', false, 'length'],
    ['tool_calls', true, 'tool_calls'],
    ['function_call', true, 'tool_calls'],
    ['content_filter', false, 'content_filter'],
    ['insufficient_system_resource', false, 'error'],
    ['eos', false, 'stop'],
    ['stop', true, 'tool_calls'],
    ['length', true, 'length'],
    [null, false, 'stop'],
  ] as const)('%s (calls: %s) → %s', (reason, calls, expected) => {
    expect(chatFinishToCanonical(reason, calls)).toBe(expected);
  });
});

describe('canonicalFinishToChat', () => {
  it('keeps the four chat reasons', () => {
    const ctx = testContext();
    expect(canonicalFinishToChat('stop', false, ctx)).toBe('stop');
    expect(canonicalFinishToChat('length', false, ctx)).toBe('length');
    expect(canonicalFinishToChat('content_filter', false, ctx)).toBe('content_filter');
    expect(canonicalFinishToChat('tool_calls', true, ctx)).toBe('tool_calls');
    expect(canonicalFinishToChat('stop', true, ctx)).toBe('tool_calls');
    expect(ctx.rules).toEqual([]);
  });

  it('writes error as stop under a rule', () => {
    const ctx = testContext();
    expect(canonicalFinishToChat('error', false, ctx)).toBe('stop');
    expect(ctx.rules).toEqual(['chat.error_finish_as_stop']);
  });
});
