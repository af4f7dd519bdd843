import type { ServerResponse } from 'node:http';
import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import { streamErrorRecord } from '../formats/stream-error.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import { bodyUsage } from '../metering/body-usage.ts';
import { StreamUsageTap } from '../metering/stream-usage-tap.ts';
import type { UpstreamResponse } from '../upstream/upstream-client.ts';
import { GatewayError } from './gateway-error.ts';
import { writeWithBackpressure } from './send-json.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';

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
  /** What went wrong in a stream that reached the client, for the record; null if nothing. */
  streamError: { kind: string; message: string } | null;
}

/** Whether forwarded SSE bytes stopped at an event boundary (a blank line). */
function endsAtEventBoundary(last: Uint8Array | string | null): boolean {
  if (last === null) return true;
  const tail =
    typeof last === 'string' ? last.slice(-4) : Buffer.from(last.subarray(-4)).toString('latin1');
  return /(\r?\n\r?\n|\r\r)$/.test(tail);
}

/**
 * Sends a 2xx upstream answer on unchanged: status, the headers that matter, and the body bytes
 * as they arrive, while a tap reads usage. Only when the chat usage chunk must be dropped are
 * the stream's events re-emitted instead of the raw bytes. The status line goes out with the
 * first body bytes (as Node would send it anyway), so an upstream that fails before sending
 * any byte gets the client a proper error answer (thrown) rather than an empty 200.
 */
export async function replyPassthrough(
  upstream: UpstreamResponse,
  res: ServerResponse,
  options: PassthroughOptions,
): Promise<PassthroughResult> {
  const tap = options.stream
    ? new StreamUsageTap(options.format, options.dropChatUsageChunk)
    : null;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let first = true;
  let headSent = false;
  let last: Uint8Array | string | null = null;
  const sendHead = (): void => {
    if (headSent) return;
    headSent = true;
    res.writeHead(upstream.statusCode, {
      ...forwardedHeaders(upstream.headers),
      ...options.headers,
    });
  };
  const result = (
    cut: boolean,
    streamError: PassthroughResult['streamError'] = null,
  ): PassthroughResult => {
    if (tap) return { cut, usage: tap.usage, outputChars: tap.outputChars, streamError };
    if (cut || keptBytes > METERED_BODY_LIMIT)
      return { cut, usage: undefined, outputChars: 0, streamError };
    return {
      cut,
      ...bodyUsage(options.format, Buffer.concat(kept, keptBytes).toString()),
      streamError,
    };
  };
  /** An in-stream error after what was sent, on an event boundary so the client can parse it. */
  const endWithError = (error: GatewayError): void => {
    const separator = endsAtEventBoundary(last) ? '' : '\n\n';
    res.end(separator + streamErrorRecord(options.format, error));
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
      if (out.length > 0) {
        sendHead();
        last = out;
        await writeWithBackpressure(res, out);
      }
    }
    if (res.destroyed) return result(false);
    sendHead();
    if (tap) {
      const rest = tap.end();
      if (rest) {
        last = rest;
        res.write(rest);
      }
      if (tap.truncated) {
        endWithError(
          new GatewayError(502, tap.truncated.message, {
            code: tap.truncated.code ?? 'upstream_stream_truncated',
          }),
        );
        return result(false, { kind: 'upstream_stream_truncated', message: tap.truncated.message });
      }
    }
    res.end();
    const upstreamError = tap?.upstreamError;
    return result(
      false,
      upstreamError ? { kind: 'upstream_stream_error', message: upstreamError.message } : null,
    );
  } catch (error) {
    if (res.destroyed) return result(false);
    // Nothing reached the client yet: answer with a real error status instead.
    if (!headSent) throw upstreamFailure(error, '');
    const reason = error instanceof Error ? error.message : String(error);
    if (options.stream) {
      endWithError(
        new GatewayError(502, `The upstream connection closed mid-stream: ${reason}`, {
          code: 'upstream_disconnected',
        }),
      );
    } else {
      // Part of a body went out under a 200: cutting the connection is the only honest end.
      res.destroy();
    }
    return result(true, { kind: 'upstream_disconnected', message: reason });
  }
}
