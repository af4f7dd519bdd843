import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../canonical/gateway-error.ts';

const tooLarge = (limit: number): GatewayError =>
  new GatewayError(413, `Request body is larger than the gateway's limit of ${limit} bytes.`, {
    code: 'request_too_large',
  });

const tooSlow = (timeoutMs: number): GatewayError =>
  new GatewayError(
    408,
    `The request body did not arrive within ${Math.round(timeoutMs / 1000)} s; send it at once.`,
    { code: 'request_timeout' },
  );

/**
 * Reads the whole request body, refusing it as soon as it passes `limit` bytes or takes longer
 * than `timeoutMs` (a slow drip would otherwise hold a connection and its memory for as long
 * as the client likes). On refusal it stops reading; the error reply closes the connection.
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: Error | null): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish(tooLarge(limit));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(null);
    const onError = (error: Error): void => finish(error);
    const onClose = (): void => finish(new Error('The client closed the connection mid-body.'));
    const timer = setTimeout(() => finish(tooSlow(timeoutMs)), timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Reusable: a decode call without `stream` starts afresh, failed or not. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Parses JSON, with an error that says where it broke. Invalid UTF-8 is refused, not replaced. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0)
    throw new GatewayError(400, 'Request body is empty; send a JSON object.', {
      code: 'invalid_json',
    });
  let text: string;
  try {
    text = STRICT_UTF8.decode(raw);
  } catch {
    throw new GatewayError(400, 'Request body is not valid UTF-8.', { code: 'invalid_json' });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new GatewayError(400, `Request body is not valid JSON: ${detail}`, {
      code: 'invalid_json',
    });
  }
}
