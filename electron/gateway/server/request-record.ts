import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { Tariff } from '../metering/tariff.ts';
import type { LimitHold } from '../policy/limits.ts';

/** One model a route tried for a request (see shared/contract.ts `ModelAttempt`). */
export interface ModelAttempt {
  model: string;
  status: number | null;
  /** `answered`, or why the route moved on (an error code such as `rate_limited`). */
  outcome: string;
  message: string | null;
  latencyMs: number;
}

export interface RecordUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cachedInputTokens: number;
  /** Part of `inputTokens` written to a prompt cache (Anthropic reports them). */
  cacheWriteTokens: number;
  reasoningTokens: number;
}

/** Bodies and headers of a request, kept only when the user turned capture on; secrets redacted. */
export interface RecordCapture {
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
}

/** What the gateway reports about one request when it is over; the store writes it to the log. */
export interface RequestRecord {
  requestId: string;
  /** Epoch milliseconds. */
  startedAt: number;
  /** The local token's name (null when the request was refused before authentication). */
  client: string | null;
  clientTokenId: string | null;
  method: string;
  path: string;
  clientFormat: WireFormat | null;
  upstreamFormat: WireFormat | null;
  /** `passthrough`, `translated`, `local` (answered by the gateway itself) or `rejected`. */
  route: 'passthrough' | 'translated' | 'local' | 'rejected';
  /** The model the client asked for: a route's name when it asked for a route. */
  model: string | null;
  /** The model route the request went through (asked for, or a budget's "then use route"). */
  modelRoute: string | null;
  /** The model whose answer the client got; the last one tried when every one failed. */
  servedModel: string | null;
  /** Each model a route tried, in order; empty when the request named a model. */
  modelAttempts: ModelAttempt[];
  stream: boolean;
  status: number;
  errorKind: string | null;
  errorMessage: string | null;
  latencyMs: number;
  ttfbMs: number | null;
  attempts: number;
  cancelled: boolean;
  /** Rules that changed a field on the way (documented in the README). */
  rules: string[];
  /** Fields of the client's body dropped on the way, by path (also in `x-gateway-dropped`). */
  dropped: string[];
  /** Tokens, from the upstream's usage, or estimated when it sent none (see `usageEstimated`). */
  usage: RecordUsage | null;
  usageEstimated: boolean;
  /** Estimated cost in USD from the tariff, null when no tariff is known. Always an estimate. */
  costUsd: number | null;
  tariff: Tariff | null;
  capture: RecordCapture | null;
  /** What the request holds against its token's limits, settled when the record is written. */
  limitHold: LimitHold | null;
}
