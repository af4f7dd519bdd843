import { describe, expect, it } from 'vitest';
import { finishReasonOf, terminalOf } from './map-responses-status.ts';

describe('responses status ↔ finish reason', () => {
  it('reads completed as stop, or tool_calls when function calls came', () => {
    expect(finishReasonOf('completed', null, false)).toBe('stop');
    expect(finishReasonOf('completed', null, true)).toBe('tool_calls');
  });

  it('reads incomplete by its reason and failures as error', () => {
    expect(finishReasonOf('incomplete', { reason: 'max_output_tokens' }, false)).toBe('length');
    expect(finishReasonOf('incomplete', { reason: 'content_filter' }, true)).toBe('content_filter');
    expect(finishReasonOf('failed', null, false)).toBe('error');
    expect(finishReasonOf('cancelled', null, false)).toBe('error');
  });

  it('writes each finish reason as a status and terminal event', () => {
    expect(terminalOf('stop')).toEqual({
      status: 'completed',
      incomplete_details: null,
      event: 'response.completed',
    });
    expect(terminalOf('tool_calls').status).toBe('completed');
    expect(terminalOf('length')).toEqual({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      event: 'response.incomplete',
    });
    expect(terminalOf('content_filter').incomplete_details).toEqual({ reason: 'content_filter' });
    expect(terminalOf('error')).toMatchObject({ status: 'failed', event: 'response.failed' });
  });
});
