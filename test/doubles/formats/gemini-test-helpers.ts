import type {
  ConversionContext,
  ResponseEncodeContext,
} from '../../../electron/gateway/canonical/conversion-context.ts';
import type { CanonicalRequest } from '../../../electron/gateway/canonical/canonical-request.ts';
import { encodeContextOf, testContext } from './test-context.ts';
import { GatewayError } from '../../../electron/gateway/canonical/gateway-error.ts';

/** Test support: a fresh conversion context, an encode context, and 400 capture. */

export { testContext };

export const testEncodeContext = (
  request: Partial<CanonicalRequest> = {},
  base: ConversionContext = testContext(),
): ResponseEncodeContext =>
  encodeContextOf(
    { model: 'gemini-test', requestId: 'req_1', responseId: 'resp-test-1' },
    request,
    base,
  );

/** The GatewayError a call throws; fails the test when it throws nothing or something else. */
export function gatewayErrorOf(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError, nothing was thrown');
}

export interface CapturedRequest {
  method: string;
  url: string;
  body: string;
}

/**
 * Runs `run` against a node:http server on 127.0.0.1 port 0 that answers every request with
 * `reply` (status, content type, body); the requests it saw are returned for inspection.
 */
export async function withLocalServer(
  reply: (request: CapturedRequest) => { status?: number; contentType: string; body: string },
  run: (baseUrl: string) => Promise<void>,
): Promise<CapturedRequest[]> {
  const { createServer } = await import('node:http');
  const seen: CapturedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(captured);
      const answer = reply(captured);
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    await run(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return seen;
}
