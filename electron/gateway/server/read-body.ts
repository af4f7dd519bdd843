import type { IncomingMessage } from 'node:http';
import { GatewayError } from './gateway-error.ts';

const tooLarge = (limit: number): GatewayError =>
  new GatewayError(413, `Request body is larger than the gateway's limit of ${limit} bytes.`, {
    code: 'request_too_large',
  });

/** Reads the whole request body, refusing it as soon as it passes `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** Parses JSON, with an error that says where it broke. Invalid UTF-8 is refused, not replaced. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0)
    throw new GatewayError(400, 'Request body is empty; send a JSON object.', {
      code: 'invalid_json',
    });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
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
