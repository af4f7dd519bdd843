/**
 * The floor: a pass-through proxy with no logic at all (node:http in, an undici Pool out, the
 * body piped both ways, the upstream key swapped in). What it adds over direct is the cost of
 * the extra HTTP hop in Node on this machine; the gateway's own work is what it adds beyond.
 * Run as a child process like the gateway: `node bench/reference-proxy.ts UPSTREAM_URL KEY`.
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';

const [upstream, key] = process.argv.slice(2);
if (!upstream || !key) throw new Error('usage: reference-proxy.ts UPSTREAM_URL KEY');
const pool = new Pool(upstream, { connections: null, keepAliveTimeout: 30_000 });

/** Headers not passed on: hop-by-hop ones, the length undici sets, and the client's credentials. */
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'authorization',
  'x-api-key',
  'x-goog-api-key',
]);

const server = createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const answer = await pool.request({
      method: 'POST',
      path: req.url ?? '/',
      body: Buffer.concat(chunks),
      // The client's own headers (a format's version header) go on, with the upstream key.
      headers: {
        ...Object.fromEntries(Object.entries(req.headers).filter(([name]) => !DROPPED.has(name))),
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
      },
    });
    res.writeHead(answer.statusCode, {
      'content-type': String(answer.headers['content-type'] ?? 'application/json'),
    });
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  } catch {
    res.destroy();
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`Reference proxy listening on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.close().then(() => process.exit(0));
});
