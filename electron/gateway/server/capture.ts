import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RecordCapture } from './request-record.ts';

/** Body capture for the request log: off by default, size-capped, redacted by the caller's rules. */
export interface CaptureOptions {
  /** Read per request, so the setting can change while the gateway runs. */
  enabled: () => boolean;
  maxBytes: number;
  redactText: (text: string) => string;
  redactHeaders: (headers: IncomingHttpHeaders) => Record<string, string>;
}

const truncate = (text: string, maxBytes: number): string =>
  Buffer.byteLength(text) <= maxBytes
    ? text
    : `${Buffer.from(text).subarray(0, maxBytes).toString()}… [truncated]`;

/**
 * Collects what the client is sent, up to the cap, by wrapping this one response's write and end.
 * Nothing is wrapped when capture is off, so it costs nothing then.
 */
function teeResponse(res: ServerResponse, maxBytes: number): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (data: unknown) => {
    if (size > maxBytes || data === undefined || data === null || typeof data === 'function')
      return;
    const buffer = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
    chunks.push(buffer);
    size += buffer.length;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    keep(args[0]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    keep(args[0]);
    return end(...args);
  }) as ServerResponse['end'];
  return () => Buffer.concat(chunks).toString();
}

function buildCapture(
  options: CaptureOptions,
  headers: IncomingHttpHeaders,
  requestBody: Buffer | null,
  responseBody: string,
): RecordCapture {
  return {
    requestHeaders: options.redactHeaders(headers),
    requestBody: requestBody
      ? truncate(options.redactText(requestBody.toString()), options.maxBytes)
      : null,
    responseBody: truncate(options.redactText(responseBody), options.maxBytes),
  };
}

/** Builds a request's capture once it is over, with the upstream key scrubbed from the answer. */
export type FinishCapture = (
  requestBody: Buffer | null,
  scrub: (text: string) => string,
) => RecordCapture;

/**
 * Starts capturing what this request is answered, when capture is on (read now, per request);
 * null when it is off.
 */
export function startCapture(
  options: CaptureOptions | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): FinishCapture | null {
  if (!options?.enabled()) return null;
  const captured = teeResponse(res, options.maxBytes);
  return (requestBody, scrub) => buildCapture(options, req.headers, requestBody, scrub(captured()));
}
