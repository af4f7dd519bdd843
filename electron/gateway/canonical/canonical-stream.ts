import type { FinishReason, CanonicalUsage } from './canonical-response.ts';

/**
 * Stream events between a decoder (upstream SSE → events) and an encoder (events → the
 * client's SSE). Order: `start` first; then deltas; tool calls are `tool-call-start`, any
 * number of `tool-call-delta`, `tool-call-end` (calls may interleave by `index`); `finish` and
 * `usage` come last, in either order; `error` may come at any point and ends the stream.
 */
export type CanonicalStreamEvent =
  | { type: 'start'; id: string; model: string; created: number }
  | { type: 'text-delta'; text: string }
  | { type: 'refusal-delta'; text: string }
  /**
   * Reasoning text; a `signature` or `encrypted` blob may arrive on any delta (usually the last).
   * Anthropic's `thinkingSignature` comes on the last delta of its thinking block; `redacted`
   * (a `redacted_thinking` block's data) comes alone, on a delta with empty text.
   */
  | {
      type: 'reasoning-delta';
      text: string;
      signature?: string;
      encrypted?: string;
      id?: string;
      thinkingSignature?: string;
      redacted?: string;
    }
  /** `index` counts tool calls in this answer from 0. */
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number; signature?: string }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'usage'; usage: CanonicalUsage }
  | { type: 'error'; status: number; message: string; code?: string };
