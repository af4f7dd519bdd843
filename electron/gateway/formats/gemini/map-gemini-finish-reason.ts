import type { FinishReason } from '../../canonical/canonical-response.ts';

const CONTENT_FILTER = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

const FAILED = new Set([
  'MALFORMED_FUNCTION_CALL',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
  'MALFORMED_RESPONSE',
]);

/**
 * Gemini `finishReason` → canonical. Gemini ends a turn that calls
 * functions with STOP, so the caller says whether the answer holds calls.
 */
export function mapGeminiFinishReason(
  reason: string | undefined,
  hasToolCalls: boolean,
): FinishReason {
  if (reason === undefined || reason === 'STOP') return hasToolCalls ? 'tool_calls' : 'stop';
  if (reason === 'MAX_TOKENS' || reason === 'CONTINUATION') return 'length';
  if (CONTENT_FILTER.has(reason)) return 'content_filter';
  if (FAILED.has(reason)) return 'error';
  return 'stop';
}

/** Canonical → Gemini `finishReason`; a turn with calls ends with STOP, as Gemini's own do. */
export function toGeminiFinishReason(reason: FinishReason): string {
  switch (reason) {
    case 'stop':
    case 'tool_calls':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    case 'error':
      return 'OTHER';
  }
}
