/**
 * Gemini's documented value for a `functionCall` whose real thought signature was lost (an
 * OpenAI client never round-trips it); it tells Gemini 3 to skip its signature check.
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/**
 * Where a call's signature is kept between turns, for clients whose format has no place for it.
 * Keyed by the tool-call id the client sees, which every format echoes back with the result.
 */
export const signatureStateKey = (callId: string): string => `sig:${callId}`;
