import type { CanonicalPart } from './canonical-request.ts';

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error';

/**
 * Token counts in OpenAI's convention: `inputTokens` includes cached ones, `outputTokens`
 * includes reasoning ones (Gemini's thought tokens are added to its candidate tokens).
 */
export interface CanonicalUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens read from a prompt cache; part of `inputTokens`. */
  cachedInputTokens?: number;
  /**
   * Input tokens written to a prompt cache (Anthropic's `cache_creation_input_tokens`); part of
   * `inputTokens` too, as they are in the `input_tokens` OpenAI reports.
   */
  cacheWriteInputTokens?: number;
  reasoningTokens?: number;
}

export interface CanonicalResponse {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  /** Output parts in order: reasoning, text, refusal and tool-call parts. */
  parts: CanonicalPart[];
  finishReason: FinishReason;
  usage?: CanonicalUsage;
}
