import type { ServerResponse } from 'node:http';
import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import { streamErrorRecord } from '../formats/stream-error.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import { bodyUsage } from '../metering/body-usage.ts';
import { StreamUsageTap } from '../metering/stream-usage-tap.ts';
import type { UpstreamResponse } from '../upstream/upstream-client.ts';
import { GatewayError } from './gateway-error.ts';
import { writeWithBackpressure } from './send-json.ts';

/** Upstream headers a client may rely on; everything else (cookies, upstream ids, lengths) stays behind. */
const FORWARDED_HEADERS = ['content-type', 'retry-after', 'retry-after-ms'];

export function forwardedHeaders(
  upstream: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined) continue;
    if (FORWARDED_HEADERS.includes(name) || name.startsWith('x-ratelimit-')) {
      out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}

/** A non-streamed answer larger than this is still forwarded whole, but not metered. */
const METERED_BODY_LIMIT = 16 * 1024 * 1024;

export interface PassthroughOptions {
  format: WireFormat;
  stream: boolean;
  /** The gateway asked for usage the client did not: drop that chunk from the client's stream. */
  dropChatUsageChunk: boolean;
  headers: Record<string, string>;
  onFirstByte: () => void;
}

export interface PassthroughResult {
  /** The upstream body ended early (connection cut). */
  cut: boolean;
  usage: CanonicalUsage | undefined;
  outputChars: number;
}

/**
 * Sends a 2xx upstream answer on unchanged: status, the headers that matter, and the body bytes
 * as they arrive, while a tap reads usage. Only when the chat usage chunk must be dropped are
 * the stream's events re-emitted instead of the raw bytes.
 */
export async function replyPassthrough(
  upstream: UpstreamResponse,
  res: ServerResponse,
  options: PassthroughOptions,
): Promise<PassthroughResult> {
  res.writeHead(upstream.statusCode, { ...forwardedHeaders(upstream.headers), ...options.headers });
  const tap = options.stream
    ? new StreamUsageTap(options.format, options.dropChatUsageChunk)
    : null;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let first = true;
  const result = (cut: boolean): PassthroughResult => {
    if (tap) return { cut, usage: tap.usage, outputChars: tap.outputChars };
    if (cut || keptBytes > METERED_BODY_LIMIT) return { cut, usage: undefined, outputChars: 0 };
    return { cut, ...bodyUsage(options.format, Buffer.concat(kept, keptBytes).toString()) };
  };
  try {
    for await (const chunk of upstream.body as AsyncIterable<Buffer>) {
      if (res.destroyed) break;
      if (first) {
        first = false;
        options.onFirstByte();
      }
      const replacement = tap ? tap.push(chunk) : null;
      if (!tap) {
        keptBytes += chunk.length;
        if (keptBytes <= METERED_BODY_LIMIT) kept.push(chunk);
      }
      const out = replacement ?? chunk;
      if (out.length > 0) await writeWithBackpressure(res, out);
    }
    if (tap && !res.destroyed) {
      const rest = tap.end();
      if (rest) res.write(rest);
    }
    res.end();
    return result(false);
  } catch (error) {
    if (res.destroyed) return result(false);
    if (options.stream) {
      const reason = error instanceof Error ? error.message : String(error);
      const gatewayError = new GatewayError(
        502,
        `The upstream connection closed mid-stream: ${reason}`,
        { code: 'upstream_disconnected' },
      );
      res.end(streamErrorRecord(options.format, gatewayError));
    } else {
      res.destroy();
    }
    return result(true);
  }
}
