import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { Tariff } from '../metering/tariff.ts';

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
  model: string | null;
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
}
