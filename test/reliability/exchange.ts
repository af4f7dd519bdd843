import { expect } from 'vitest';
import type { RequestRecord } from '../../electron/gateway/server/request-record.ts';
import type { FormatKit } from '../format-kits/format-kit.ts';
import type { GatewayFixture } from './gateway-fixture.ts';
import { httpRequest, type RawReply } from './raw-http.ts';
import { requestHeaders } from './routes.ts';

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
  /** The client's format. */
  kit: FormatKit;
  model: string;
  stream: boolean;
  text?: string;
  /** Default 10 s: far beyond every short timeout the fixture sets. */
  timeoutMs?: number;
}

export async function exchange(fx: GatewayFixture, options: ExchangeOptions): Promise<Exchange> {
  const request = options.kit.client.request(
    options.model,
    options.text ?? 'hello',
    options.stream,
  );
  const started = Date.now();
  const reply = await httpRequest(fx.url, {
    method: 'POST',
    path: request.path,
    headers: requestHeaders(request, fx.token),
    body: JSON.stringify(request.body),
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const elapsedMs = Date.now() - started;
  const id = String(reply.headers['x-request-id']);
  const record = await fx.recordFor(id);
  // Metered exactly once: a second record would double the usage and cost.
  expect(fx.recordsOf(id), `records of ${id}`).toHaveLength(1);
  return { reply, record, elapsedMs };
}
