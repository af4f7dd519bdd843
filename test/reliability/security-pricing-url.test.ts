import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, UpstreamClient } from '../../electron/gateway/upstream/upstream-client.ts';

const KEY = 'sk-upstream-secret-key-0123456789';
const PRICING = { data: [] as unknown[], group_ratio: { default: 1 } };

interface Seen {
  server: Server;
  port: number;
  headers: IncomingHttpHeaders[];
}

/** A server that records every request's headers and answers a pricing document. */
async function listen(): Promise<Seen> {
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    headers.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(PRICING));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, headers };
}

describe('the upstream key and the pricing URL', () => {
  const open: Array<{ close(): unknown }> = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });

  const client = (baseUrl: string, pricingUrl: string): UpstreamClient => {
    const upstream = new UpstreamClient({ baseUrl, apiKey: () => KEY, pricingUrl });
    open.push({ close: () => upstream.destroy() });
    return upstream;
  };

  it('sends the key to a pricing URL on the profile origin', async () => {
    const own = await listen();
    open.push({ close: () => new Promise((r) => own.server.close(r)) });
    const upstream = client(`http://127.0.0.1:${own.port}`, `http://127.0.0.1:${own.port}/p`);
    expect(await upstream.fetchPricing('req-1')).toEqual(PRICING);
    expect(own.headers[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('fetches a pricing URL on another origin without the key', async () => {
    const own = await listen();
    const other = await listen();
    open.push({ close: () => new Promise((r) => own.server.close(r)) });
    open.push({ close: () => new Promise((r) => other.server.close(r)) });
    // Another port is another origin, and so is another name for the same address.
    for (const pricing of [
      `http://127.0.0.1:${other.port}/pricing`,
      `http://localhost:${own.port}/pricing`,
    ]) {
      const upstream = client(`http://127.0.0.1:${own.port}`, pricing);
      expect(await upstream.fetchPricing('req-2')).toEqual(PRICING);
    }
    expect(other.headers).toHaveLength(1);
    expect(own.headers).toHaveLength(1);
    for (const headers of [...other.headers, ...own.headers]) {
      expect(headers.authorization).toBeUndefined();
      expect(JSON.stringify(headers)).not.toContain(KEY);
    }
  });

  it('refuses a plain-http pricing URL on a host off this machine', async () => {
    const previous = getGlobalDispatcher();
    const agent = new MockAgent();
    agent.disableNetConnect();
    setGlobalDispatcher(agent);
    try {
      agent
        .get('http://pricing.example.com')
        .intercept({ path: '/pricing', method: 'GET' })
        .reply(200, PRICING);
      const upstream = client('https://gateway.example.com', 'http://pricing.example.com/pricing');
      expect(await upstream.fetchPricing('req-3')).toBeNull();
      // Nothing was asked of that host at all.
      expect(agent.pendingInterceptors()).toHaveLength(1);
    } finally {
      setGlobalDispatcher(previous);
      await agent.close();
    }
  });

  it('tells loopback names from others', () => {
    for (const name of ['localhost', 'a.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])
      expect(isLoopbackHost(name)).toBe(true);
    for (const name of ['example.com', '127.0.0.1.example.com', '10.0.0.1', 'localhost.evil'])
      expect(isLoopbackHost(name)).toBe(false);
  });
});
