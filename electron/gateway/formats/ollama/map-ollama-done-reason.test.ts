import { describe, expect, it } from 'vitest';
import { canonicalFinishToOllama, ollamaDoneReasonToCanonical } from './map-ollama-done-reason.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';

describe('done_reason', () => {
  it('reads Ollama’s reasons, stop after calls being tool_calls', () => {
    expect(ollamaDoneReasonToCanonical('stop', false)).toBe('stop');
    expect(ollamaDoneReasonToCanonical('stop', true)).toBe('tool_calls');
    expect(ollamaDoneReasonToCanonical('length', true)).toBe('length');
    expect(ollamaDoneReasonToCanonical('load', false)).toBe('stop');
    expect(ollamaDoneReasonToCanonical(undefined, false)).toBe('stop');
  });

  it('writes stop for calls as Ollama does, and error as stop under a rule', () => {
    const ctx = testContext();
    expect(canonicalFinishToOllama('stop', ctx)).toBe('stop');
    expect(canonicalFinishToOllama('tool_calls', ctx)).toBe('stop');
    expect(canonicalFinishToOllama('length', ctx)).toBe('length');
    expect(canonicalFinishToOllama('content_filter', ctx)).toBe('content_filter');
    expect(ctx.rules).toEqual([]);
    expect(canonicalFinishToOllama('error', ctx)).toBe('stop');
    expect(ctx.rules).toEqual(['ollama.error_finish_as_stop']);
  });
});
