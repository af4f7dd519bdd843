import { describe, expect, it } from 'vitest';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { mapAnthropicStopReason, toAnthropicStopReason } from './map-anthropic-stop-reason.ts';

describe('stop reasons', () => {
  it('maps every Anthropic stop reason to a canonical one', () => {
    const ctx = testContext();
    const map = (reason: unknown, calls = false) => mapAnthropicStopReason(reason, calls, ctx);
    expect(map('end_turn')).toBe('stop');
    expect(map('stop_sequence')).toBe('stop');
    expect(map('max_tokens')).toBe('length');
    expect(map('model_context_window_exceeded')).toBe('length');
    expect(map('tool_use', true)).toBe('tool_calls');
    expect(map('refusal')).toBe('content_filter');
    expect(map(null, true)).toBe('tool_calls');
    expect(ctx.rules).toEqual([]);
    expect(map('pause_turn')).toBe('stop');
    expect(ctx.rules).toEqual(['anthropic.pause_turn_as_stop']);
  });

  it('maps every canonical finish reason back', () => {
    const ctx = testContext();
    expect(toAnthropicStopReason('stop', false, ctx)).toBe('end_turn');
    expect(toAnthropicStopReason('stop', true, ctx)).toBe('tool_use');
    expect(toAnthropicStopReason('tool_calls', false, ctx)).toBe('tool_use');
    expect(toAnthropicStopReason('length', true, ctx)).toBe('max_tokens');
    expect(toAnthropicStopReason('content_filter', false, ctx)).toBe('refusal');
    expect(ctx.rules).toEqual([]);
    expect(toAnthropicStopReason('error', false, ctx)).toBe('end_turn');
    expect(ctx.rules).toEqual(['anthropic.error_finish_as_end_turn']);
  });
});
