import { afterEach, describe, expect, it } from 'vitest';
import { KIT_LIST } from '../format-kits/kits.ts';
import { streamError } from '../format-kits/stream-records.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { httpRequest } from './raw-http.ts';
import { requestHeaders } from './routes.ts';

/**
 * On SIGTERM the gateway lets streams finish within its grace period; a stream still going at
 * the limit used to end with a socket reset (issue 13, finding 8). It now ends with the format's
 * in-stream error, which says the gateway is shutting down, so the client can tell and retry.
 */
let sim: RunningSimulator | null = null;
let fx: GatewayFixture | null = null;
afterEach(async () => {
  await fx?.close();
  await sim?.close();
  fx = null;
  sim = null;
});

describe.each(KIT_LIST)('a $format stream cut at the grace limit', (kit) => {
  it.each([
    ['passed through', kit.nativeModel],
    ['translated', kit.translatedModel],
  ])('%s: ends with the in-stream error, not a reset', async (_route, model) => {
    sim = await startSimulator();
    fx = await startFixture({ upstreamUrl: sim.url, upstreamKey: SIM_KEYS.full });
    // Many slow chunks: the stream outlasts the grace period by far.
    const request = kit.client.request(
      model,
      `[[sim:slow-chunks=300]] ${'word '.repeat(60)}`,
      true,
    );
    const reply = httpRequest(fx.url, {
      method: 'POST',
      path: request.path,
      headers: requestHeaders(request, fx.token),
      body: JSON.stringify(request.body),
      timeoutMs: 15_000,
    });
    await new Promise((r) => setTimeout(r, 500));
    const closing = fx;
    fx = null;
    await closing.gateway.close(300);
    const { status, text } = await reply;
    expect(status).toBe(200);
    expect(streamError(kit, text), text.slice(-300)).toContain('shutting down');
  });
});
