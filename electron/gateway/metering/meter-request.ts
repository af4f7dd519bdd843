import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import type { RequestRecord } from '../server/request-record.ts';
import { estimateCost } from './estimate-cost.ts';
import type { Tariff } from './tariff.ts';

/** Rough tokens from characters, for the estimate when the upstream reported no usage. */
const CHARS_PER_TOKEN = 4;

export interface MeterInput {
  /** Usage as the upstream reported it, if it did. */
  usage: CanonicalUsage | undefined;
  /** For the estimate: the request body's and the generated output's length in characters. */
  requestChars: number;
  outputChars: number;
  tariff: Tariff | null;
}

/**
 * Puts tokens and the estimated cost on a request's record. Without upstream usage (a stream
 * cancelled or cut before its usage event) the tokens are estimated from lengths and flagged.
 */
export function meterRequest(record: RequestRecord, input: MeterInput): void {
  const estimated = input.usage === undefined;
  const usage: CanonicalUsage = input.usage ?? {
    inputTokens: Math.ceil(input.requestChars / CHARS_PER_TOKEN),
    outputTokens: Math.ceil(input.outputChars / CHARS_PER_TOKEN),
    totalTokens: 0,
  };
  const cachedInputTokens = usage.cachedInputTokens ?? 0;
  record.usage = {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.totalTokens || usage.inputTokens + usage.outputTokens,
    cachedInputTokens,
    cacheWriteTokens: usage.cacheWriteInputTokens ?? 0,
    reasoningTokens: usage.reasoningTokens ?? 0,
  };
  record.usageEstimated = estimated;
  record.tariff = input.tariff;
  record.costUsd = input.tariff
    ? estimateCost(
        { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, cachedInputTokens },
        input.tariff,
      )
    : null;
}
