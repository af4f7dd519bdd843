import type { ServerResponse } from 'node:http';
import { streamErrorRecord } from '../formats/stream-error.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import { SseReader } from '../upstream/sse-reader.ts';
import type { UpstreamResponse } from '../upstream/upstream-client.ts';
import { GatewayError } from './gateway-error.ts';
import { writeWithBackpressure } from './send-json.ts';

/** Upstream headers a client may rely on; everything else (cookies, upstream ids, lengths) stays behind. */
const FORWARDED_HEADERS = ['content-type', 'retry-after', 'retry-after-ms'];

export function forwardedHeaders(upstream: UpstreamResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined) continue;
    if (FORWARDED_HEADERS.includes(name) || name.startsWith('x-ratelimit-')) {
      out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}

const USAGE_ONLY = /"choices"\s*:\s*\[\s*\]/;

/** The extra chunk that `stream_options.include_usage` adds: empty choices plus totals. */
export function isChatUsageOnlyChunk(data: string): boolean {
  if (!USAGE_ONLY.test(data)) return false;
  try {
    const chunk = JSON.parse(data) as { choices?: unknown; usage?: unknown };
    return (
      Array.isArray(chunk.choices) &&
      chunk.choices.length === 0 &&
      typeof chunk.usage === 'object' &&
      chunk.usage !== null
    );
  } catch {
    return false;
  }
}

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
}

/**
 * Sends the upstream's answer on unchanged: status, the headers that matter, and the body bytes
 * as they arrive. Only when the chat usage chunk must be dropped is the stream cut into events.
 */
export async function replyPassthrough(
  upstream: UpstreamResponse,
  res: ServerResponse,
  options: PassthroughOptions,
): Promise<PassthroughResult> {
  const ok = upstream.statusCode >= 200 && upstream.statusCode < 300;
  res.writeHead(upstream.statusCode, { ...forwardedHeaders(upstream.headers), ...options.headers });
  const filter = ok && options.stream && options.dropChatUsageChunk ? new UsageChunkFilter() : null;
  let first = true;
  try {
    for await (const chunk of upstream.body as AsyncIterable<Buffer>) {
      if (res.destroyed) break;
      if (first) {
        first = false;
        options.onFirstByte();
      }
      const out = filter ? filter.push(chunk) : chunk;
      if (out.length > 0) await writeWithBackpressure(res, out);
    }
    if (filter && !res.destroyed) {
      const rest = filter.end();
      if (rest) res.write(rest);
    }
    res.end();
    return { cut: false };
  } catch (error) {
    if (res.destroyed) return { cut: false };
    if (ok && options.stream) {
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
    return { cut: true };
  }
}

class UsageChunkFilter {
  private out = '';
  private readonly reader = new SseReader((event) => {
    if (event.data !== '[DONE]' && isChatUsageOnlyChunk(event.data)) return;
    this.out += `data: ${event.data}\n\n`;
  });

  push(chunk: Uint8Array): string {
    this.reader.push(chunk);
    const out = this.out;
    this.out = '';
    return out;
  }

  end(): string {
    this.reader.end();
    return this.out;
  }
}
