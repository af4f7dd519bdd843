import type { RequestRecord } from '../../../electron/gateway/server/request-record.ts';

let counter = 0;

/** A complete, plausible record of a translated chat request; override what a test is about. */
export function sampleRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  counter += 1;
  return {
    requestId: `req_test_${process.pid}_${counter}`,
    startedAt: Date.UTC(2025, 0, 15, 10, 30, 0),
    client: 'cursor',
    clientTokenId: 'tok_cursor',
    method: 'POST',
    path: '/v1/chat/completions',
    clientFormat: 'chat',
    upstreamFormat: 'gemini',
    route: 'translated',
    model: 'gemini-2.5-flash',
    modelRoute: null,
    servedModel: null,
    modelAttempts: [],
    stream: true,
    status: 200,
    errorKind: null,
    errorMessage: null,
    latencyMs: 812.5,
    ttfbMs: 143.25,
    attempts: 1,
    cancelled: false,
    rules: ['chat.seed_dropped'],
    dropped: ['seed'],
    usage: {
      inputTokens: 120,
      outputTokens: 80,
      totalTokens: 200,
      cachedInputTokens: 20,
      cacheWriteTokens: 0,
      reasoningTokens: 10,
    },
    usageEstimated: false,
    costUsd: 0.000123,
    tariff: {
      kind: 'tokens',
      modelRatio: 0.15,
      completionRatio: 4,
      cacheRatio: 0.25,
      groupRatio: 1,
    },
    capture: null,
    limitHold: null,
    ...overrides,
  };
}
