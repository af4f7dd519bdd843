import { expect } from 'vitest';
import type { RequestRecord } from '../../../electron/gateway/server/request-record.ts';
import type { Harness } from '../harness.ts';
import { expectedRoute } from './sim-models.ts';
import type { WireFormat } from '../../../shared/wire-formats.ts';

/** Where the gateway's records stand before a client run, to find that run's records after. */
export const recordMark = (h: Harness): number => h.records.length;

/**
 * The generation records written since `mark`, once there are `count` of them: the gateway
 * reports a record only after the response has ended, so it may trail the client a little.
 */
async function generationRecordsSince(
  h: Harness,
  mark: number,
  count: number,
  timeoutMs = 5000,
): Promise<RequestRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = h.records.slice(mark).filter((r) => r.clientFormat !== null);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface RunShape {
  /** Requests the run made: 2 for a tool loop (the call, then the answer), 1 otherwise. */
  count: number;
  clientFormat: WireFormat;
  model: string;
  stream: boolean;
}

/**
 * Each of the run's requests went the way the model's formats call for (client format →
 * upstream format, pass-through or translated), streamed or not as the client asked, and
 * succeeded.
 */
export async function expectRoutes(h: Harness, mark: number, run: RunShape): Promise<void> {
  const { count, clientFormat, model, stream } = run;
  const records = await generationRecordsSince(h, mark, count);
  const route = expectedRoute(clientFormat, model);
  const seen = records.map((r) => ({
    model: r.model,
    clientFormat: r.clientFormat,
    upstreamFormat: r.upstreamFormat,
    route: r.route,
    stream: r.stream,
    status: r.status,
    errorMessage: r.errorMessage,
  }));
  const wanted = { model, ...route, stream, status: 200, errorMessage: null };
  expect(seen).toEqual(Array.from({ length: count }, () => wanted));
}
