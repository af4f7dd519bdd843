import { isRecord, tryParseJson } from '../../canonical/json.ts';

/**
 * A tool result's text → `functionResponse.response`, which must be an object: JSON object
 * text is sent as that object, anything else wrapped as `{output: text}` (the key Google
 * documents, and the one the Gemini decoder unwraps again).
 */
export function toolResultResponse(content: string): Record<string, unknown> {
  const parsed = tryParseJson(content);
  return isRecord(parsed) ? parsed : { output: content };
}
