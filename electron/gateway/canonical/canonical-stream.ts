import type { FinishReason, CanonicalUsage } from './canonical-response.ts';
import type { FormatState } from './format-state.ts';

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
   * Reasoning text. Opaque state (`state`, keyed by format) may arrive on any delta, usually the
   * last, and is merged into the reasoning part. `part` says where the delta stands in its
   * part when a format's blocks must stay apart: `last` ends the part it joins (a signature
   * that comes last in its block), `whole` is a part by itself (state with no text of its
   * own); reasoning after either starts a new part.
   */
  | {
      type: 'reasoning-delta';
      text: string;
      state?: FormatState;
      part?: 'last' | 'whole';
    }
  /** `index` counts tool calls in this answer from 0. */
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  /** A call's opaque state, if any, comes with its end. */
  | { type: 'tool-call-end'; index: number; state?: FormatState }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'usage'; usage: CanonicalUsage }
  | { type: 'error'; status: number; message: string; code?: string };
