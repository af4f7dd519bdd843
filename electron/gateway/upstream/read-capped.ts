import type { UpstreamResponse } from './upstream-client.ts';

/**
 * An upstream error body, read up to `cap` bytes: error answers are small, and one that is not
 * (a proxy's page, a runaway stream under an error status) must not be buffered whole. Past the
 * cap the rest is dropped with the connection.
 */
export async function readCapped(
  body: UpstreamResponse['body'],
  cap: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = cap - size;
    if (chunk.length > room) {
      if (room > 0) chunks.push(chunk.subarray(0, room));
      body.destroy();
      return { bytes: Buffer.concat(chunks, cap), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks, size), truncated: false };
}

/** More than any API error; a bigger one is cut here. */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;
