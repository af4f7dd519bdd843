import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Resolves with what arrived even if the client goes away mid-upload. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', done);
    req.on('close', done);
    req.on('error', done);
  });
}

export function parseJson(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function splitUrl(url: string): { path: string; query: Record<string, string> } {
  const q = url.indexOf('?');
  if (q < 0) return { path: url, query: {} };
  return {
    path: url.slice(0, q),
    query: Object.fromEntries(new URLSearchParams(url.slice(q + 1))),
  };
}

/** A path segment as the relay reads it: percent-decoded where that is valid, else as sent. */
export function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
