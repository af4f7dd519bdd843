import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedHostsFromEnv, createGatewayServer, listen } from './listen.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

describe('allowedHostsFromEnv', () => {
  it('reads comma-separated names, lower-cased, blanks dropped', () => {
    expect(allowedHostsFromEnv({ MODEL_GATEWAY_ALLOWED_HOSTS: ' My-Box.lan, ,10.0.0.2 ' })).toEqual(
      ['my-box.lan', '10.0.0.2'],
    );
    expect(allowedHostsFromEnv({})).toEqual([]);
  });
});

describe('createGatewayServer', () => {
  it("sets Node's deadlines, the headers' at most the request's", () => {
    const server = createGatewayServer({ requestTimeoutMs: 1_000, headersTimeoutMs: 5_000 });
    expect(server.requestTimeout).toBe(1_000);
    expect(server.headersTimeout).toBe(1_000);
    const defaults = createGatewayServer({});
    expect(defaults.requestTimeout).toBe(120_000);
    expect(defaults.headersTimeout).toBe(30_000);
    expect(defaults.listenerCount('clientError')).toBe(1);
  });
});

describe('listen', () => {
  it('binds loopback quietly and says where it listens', async () => {
    const server = createServer();
    servers.push(server);
    const lines: string[] = [];
    const at = await listen(server, 0, '127.0.0.1', new Set(), (line) => lines.push(line));
    expect(at.host).toBe('127.0.0.1');
    expect(at.port).toBeGreaterThan(0);
    expect(at.url).toBe(`http://127.0.0.1:${at.port}`);
    expect(lines).toEqual([]);
  });

  it('shows loopback for every interface, and warns naming the hosts it answers', async () => {
    const server = createServer();
    servers.push(server);
    const lines: string[] = [];
    const at = await listen(server, 0, '0.0.0.0', new Set(['box.lan']), (line) => lines.push(line));
    expect(at.url).toBe(`http://127.0.0.1:${at.port}`);
    expect(at.host).toBe('0.0.0.0');
    expect(lines[0]).toMatch(/^WARNING: listening on every interface \(0\.0\.0\.0\)/);
    expect(lines[0]).toContain('loopback names, box.lan;');
  });

  it('rejects when the port is taken', async () => {
    const first = createServer();
    servers.push(first);
    const { port } = await listen(first, 0, '127.0.0.1', new Set(), () => {});
    await expect(listen(createServer(), port, '127.0.0.1', new Set(), () => {})).rejects.toThrow(
      /EADDRINUSE/,
    );
  });
});
