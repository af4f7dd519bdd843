import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEC_LIST } from '../formats/codecs.ts';
import { answerRootProbe } from './root-probe.ts';

const PROBE = CODEC_LIST.find((codec) => codec.rootProbe !== undefined)?.rootProbe;

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (answerRootProbe(req, res, new Set())) return;
    res.writeHead(299).end('not the probe');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('answerRootProbe', () => {
  it("answers a client's probe of the root as the format's own server does", async () => {
    expect(PROBE).toBeDefined();
    const answer = await fetch(`${url}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe(PROBE);
    const head = await fetch(`${url}/?x=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(PROBE ?? ''));
  });

  it('leaves browsers, other paths and methods, and foreign hosts to the rest', async () => {
    const browser = await fetch(`${url}/`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(browser.status).toBe(299);
    expect((await fetch(`${url}/index.html`)).status).toBe(299);
    expect((await fetch(`${url}/`, { method: 'POST', body: 'x' })).status).toBe(299);
    // fetch does not let a caller set Host; a DNS-rebound page's request carries its own.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      request(`${url}/`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(rebound).toBe(299);
  });
});
