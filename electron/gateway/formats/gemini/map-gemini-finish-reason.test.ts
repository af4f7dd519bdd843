import { describe, expect, it } from 'vitest';
import { mapGeminiFinishReason, toGeminiFinishReason } from './map-gemini-finish-reason.ts';

describe('mapGeminiFinishReason', () => {
  it('derives tool_calls from STOP with calls', () => {
    expect(mapGeminiFinishReason('STOP', true)).toBe('tool_calls');
    expect(mapGeminiFinishReason('STOP', false)).toBe('stop');
  });

  it('maps the token cap, the safety family and failed calls', () => {
    expect(mapGeminiFinishReason('MAX_TOKENS', false)).toBe('length');
    expect(mapGeminiFinishReason('CONTINUATION', false)).toBe('length');
    for (const reason of [
      'SAFETY',
      'RECITATION',
      'BLOCKLIST',
      'PROHIBITED_CONTENT',
      'SPII',
      'IMAGE_SAFETY',
    ]) {
      expect(mapGeminiFinishReason(reason, false)).toBe('content_filter');
    }
    expect(mapGeminiFinishReason('MALFORMED_FUNCTION_CALL', false)).toBe('error');
    expect(mapGeminiFinishReason('TOO_MANY_TOOL_CALLS', true)).toBe('error');
  });

  it('reads the rest as stop', () => {
    for (const reason of [
      'LANGUAGE',
      'OTHER',
      'FINISH_REASON_UNSPECIFIED',
      'NO_IMAGE',
      'SOMETHING_NEW',
    ]) {
      expect(mapGeminiFinishReason(reason, false)).toBe('stop');
    }
  });
});

describe('toGeminiFinishReason', () => {
  it('maps each canonical reason', () => {
    expect(toGeminiFinishReason('stop')).toBe('STOP');
    expect(toGeminiFinishReason('tool_calls')).toBe('STOP');
    expect(toGeminiFinishReason('length')).toBe('MAX_TOKENS');
    expect(toGeminiFinishReason('content_filter')).toBe('SAFETY');
    expect(toGeminiFinishReason('error')).toBe('OTHER');
  });
});
