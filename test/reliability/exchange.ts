import { expect } from 'vitest';
import type { RequestRecord } from '../../electron/gateway/server/request-record.ts';
import { WIRE_FORMATS, type WireFormat } from '../../shared/wire-formats.ts';
import type { GatewayFixture } from './gateway-fixture.ts';
import { httpRequest, type RawReply } from './raw-http.ts';
import { routeHeaders, routeOf } from './routes.ts';

/**
 * One client request through the fixture's gateway and what it left behind: the reply, the
 * one record it must have produced, and how long it took (nothing may hang).
 */
export interface Exchange {
  reply: RawReply;
  record: RequestRecord;
  elapsedMs: number;
}

export interface ExchangeOptions {
  format: WireFormat;
  model: string;
  stream: boolean;
  text?: string;
  /** Default 10 s: far beyond every short timeout the fixture sets. */
  timeoutMs?: number;
}

export async function exchange(fx: GatewayFixture, options: ExchangeOptions): Promise<Exchange> {
  const route = routeOf(options.format, options.stream);
  const started = Date.now();
  const reply = await httpRequest(fx.url, {
    method: 'POST',
    path: route.path(options.model),
    headers: routeHeaders(route, fx.token),
    body: JSON.stringify(route.body(options.model, options.text ?? 'hello', options.stream)),
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const elapsedMs = Date.now() - started;
  const id = String(reply.headers['x-request-id']);
  const record = await fx.recordFor(id);
  // Metered exactly once: a second record would double the usage and cost.
  expect(fx.recordsOf(id), `records of ${id}`).toHaveLength(1);
  return { reply, record, elapsedMs };
}

interface FormatPair {
  client: WireFormat;
  upstream: WireFormat;
}

/** Every (client, upstream) pair: each format passes through to itself, translates to the rest. */
export const FORMAT_PAIRS: readonly FormatPair[] = WIRE_FORMATS.flatMap((client) =>
  WIRE_FORMATS.map((upstream) => ({ client, upstream })),
);

/** A model that speaks only this format upstream (the simulator's and the fault upstream's). */
export const MODEL_FOR: Record<WireFormat, string> = {
  chat: 'sim-chat',
  responses: 'sim-responses',
  gemini: 'sim-gemini',
  anthropic: 'sim-anthropic',
};
