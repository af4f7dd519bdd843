import type { IncomingMessage } from 'node:http';
import { AppError } from './app-services-api.ts';

/** Reads a JSON request body up to `maxBytes`; AppErrors say what was wrong with it. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new AppError('bad_request', 'Send the call as JSON (Content-Type: application/json).');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes)
      throw new AppError('too_large', `The call is larger than ${maxBytes / 1024 / 1024} MiB.`);
    chunks.push(buffer);
  }
  let text: string;
  try {
    // Invalid UTF-8 is refused, not silently replaced with U+FFFD (into a token name, say).
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError('bad_request', 'The call is not valid UTF-8.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('bad_request', 'The call is not valid JSON.');
  }
}
