import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testModelThroughGateway } from './route-model-test.ts';

/** A stand-in gateway: answers by model, and records what it was sent. */
let server: Server;
let url: string;
const seen: { authorization: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { model: string };
      seen.push({ authorization: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (body.model === 'slow') return; // never answers
      if (body.model === 'broken') {
        res.statusCode = 429;
        res.end(JSON.stringify({ error: { message: 'Rate limit reached for broken' } }));
        return;
      }
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'OK' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const target = () => ({ gatewayUrl: url, gatewayProblem: null, token: 'mgw_app_x' });

describe('testModelThroughGateway', () => {
  it('sends one short, non-streamed chat request with the app’s token and reads the answer', async () => {
    const result = await testModelThroughGateway(target(), 'good');
    expect(result).toMatchObject({ model: 'good', ok: true, status: 200, text: 'OK' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toEqual({
      authorization: 'Bearer mgw_app_x',
      body: { model: 'good', messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 16 },
    });
  });

  it('gives a failure in the upstream’s words, with its status', async () => {
    expect(await testModelThroughGateway(target(), 'broken')).toMatchObject({
      ok: false,
      status: 429,
      text: 'Rate limit reached for broken',
    });
  });

  it('gives up on a model that does not answer in time', async () => {
    const result = await testModelThroughGateway({ ...target(), timeoutMs: 200 }, 'slow');
    expect(result).toMatchObject({ ok: false, status: null, text: 'No answer within 0.2 s.' });
  });

  it('says why when the gateway is not listening', async () => {
    const result = await testModelThroughGateway(
      { gatewayUrl: null, gatewayProblem: 'Port 8787 is in use.', token: 'x' },
      'good',
    );
    expect(result).toEqual({
      model: 'good',
      ok: false,
      status: null,
      latencyMs: expect.any(Number) as number,
      text: 'Port 8787 is in use.',
    });
  });
});
