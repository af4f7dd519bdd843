import type { ServerResponse } from 'node:http';
import { endStreamWithError } from './end-stream-with-error.ts';
import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import type { FormatCodec } from '../canonical/format-codec.ts';
import { bodyUsage } from '../metering/body-usage.ts';
import { StreamUsageTap } from '../metering/stream-usage-tap.ts';
import type { UpstreamResponse } from '../upstream/upstream-client.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { writeWithBackpressure } from './send-json.ts';
import type { KeyScrubber } from '../upstream/key-scrubber.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';

/** Upstream headers a client may rely on; everything else (cookies, upstream ids, lengths) stays behind. */
const FORWARDED_HEADERS = ['content-type', 'retry-after', 'retry-after-ms'];

/** The headers a client gets from an upstream answer, with the key scrubbed from their values. */
export function forwardedHeaders(
  upstream: Record<string, string | string[] | undefined>,
  scrubber: KeyScrubber,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined) continue;
    if (FORWARDED_HEADERS.includes(name) || name.startsWith('x-ratelimit-')) {
      out[name] = scrubber.text(Array.isArray(value) ? value.join(', ') : value);
    }
  }
  return out;
}

/** A non-streamed answer larger than this is streamed on as it comes, and not metered. */
const METERED_BODY_LIMIT = 16 * 1024 * 1024;

export interface PassthroughOptions {
  codec: FormatCodec;
  /** Every byte and header that goes on to the client passes it (see key-scrubber.ts). */
  scrubber: KeyScrubber;
  stream: boolean;
  /** Records the gateway asked for and the client did not (a usage chunk): kept from the client. */
  hideRecord?: (data: string) => boolean;
  onFirstByte: () => void;
}

export interface PassthroughResult {
  usage: CanonicalUsage | undefined;
  outputChars: number;
  /** What went wrong in a stream that reached the client, for the record; null if nothing. */
  streamError: { kind: string; message: string } | null;
}

/**
 * Sends a 2xx upstream answer on unchanged: status, the headers that matter, and the body.
 * Non-streamed answers go out whole; streams go out as their bytes arrive, while a tap reads
 * usage (when a record must be dropped, such as the chat usage chunk the gateway asked for,
 * the tap passes on whole records only, and re-emits the ones beside a dropped record).
 */
export function replyPassthrough(
  upstream: UpstreamResponse,
  res: ServerResponse,
  options: PassthroughOptions,
): Promise<PassthroughResult> {
  return options.stream ? replyStream(upstream, res, options) : replyWhole(upstream, res, options);
}

/**
 * A non-streamed answer is read whole, then sent in one write with its length: piping it chunk
 * by chunk cost a chunked reply and two writes on every request's path (bench/FINDINGS.md #5),
 * and an upstream cut part-way gets the client a proper 502 instead of a cut connection. Only an
 * answer past the metering limit is not held whole: what was read goes out, and the rest is piped
 * on as it comes (unmetered), so memory stays bounded whatever the upstream sends.
 */
async function replyWhole(
  upstream: UpstreamResponse,
  res: ServerResponse,
  options: PassthroughOptions,
): Promise<PassthroughResult> {
  const none: PassthroughResult = { usage: undefined, outputChars: 0, streamError: null };
  const chunks: Buffer[] = [];
  let size = 0;
  const body = upstream.body as AsyncIterable<Buffer>;
  const iterator = body[Symbol.asyncIterator]();
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      chunks.push(next.value);
      size += next.value.length;
      if (size > METERED_BODY_LIMIT) break;
    }
  } catch (error) {
    if (res.destroyed) return none;
    throw cutBeforeEnd(error);
  }
  if (res.destroyed) {
    upstream.body.destroy();
    return none;
  }
  options.onFirstByte();
  if (size > METERED_BODY_LIMIT) return pipeRest(upstream, iterator, chunks, res, options.scrubber);
  const whole = options.scrubber.bytes(Buffer.concat(chunks, size));
  res.writeHead(upstream.statusCode, {
    ...forwardedHeaders(upstream.headers, options.scrubber),
    'content-length': String(whole.length),
  });
  res.end(whole);
  return { ...bodyUsage(options.codec, whole.toString()), streamError: null };
}

/** A timeout is said as such; any other failure before the answer was whole is a cut connection. */
function cutBeforeEnd(error: unknown): GatewayError {
  const failure = upstreamFailure(error, '');
  if (failure.code === 'upstream_timeout') return failure;
  const reason = error instanceof Error ? error.message : String(error);
  return new GatewayError(
    502,
    `The upstream connection closed before the answer was complete: ${reason}`,
    { code: 'upstream_disconnected', cause: error },
  );
}

/**
 * The head and what was read go out, then the rest as it comes. A cut from here on can only cut
 * the client's connection too: its status line has gone.
 */
async function pipeRest(
  upstream: UpstreamResponse,
  iterator: AsyncIterator<Buffer>,
  read: Buffer[],
  res: ServerResponse,
  scrubber: KeyScrubber,
): Promise<PassthroughResult> {
  res.writeHead(upstream.statusCode, forwardedHeaders(upstream.headers, scrubber));
  const scrub = scrubber.stream();
  const streamError = (message: string): PassthroughResult => ({
    usage: undefined,
    outputChars: 0,
    streamError: { kind: 'upstream_disconnected', message },
  });
  try {
    for (const chunk of read.splice(0)) await writeWithBackpressure(res, scrub.push(chunk));
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (res.destroyed) {
        upstream.body.destroy();
        break;
      }
      await writeWithBackpressure(res, scrub.push(next.value));
    }
    await writeWithBackpressure(res, scrub.end());
  } catch (error) {
    res.destroy();
    return streamError(error instanceof Error ? error.message : String(error));
  }
  res.end();
  return { usage: undefined, outputChars: 0, streamError: null };
}

/**
 * A stream's bytes go on as they arrive. The status line goes out with the first body bytes
 * (as Node would send it anyway), so an upstream that fails before sending any byte gets the
 * client a proper error answer (thrown) rather than an empty 200.
 */
async function replyStream(
  upstream: UpstreamResponse,
  res: ServerResponse,
  options: PassthroughOptions,
): Promise<PassthroughResult> {
  const tap = new StreamUsageTap(options.codec, options.hideRecord);
  const scrub = options.scrubber.stream();
  let first = true;
  let headSent = false;
  let last: Uint8Array | string | null = null;
  const sendHead = (): void => {
    if (headSent) return;
    headSent = true;
    res.writeHead(upstream.statusCode, forwardedHeaders(upstream.headers, options.scrubber));
  };
  const result = (streamError: PassthroughResult['streamError'] = null): PassthroughResult => ({
    usage: tap.usage,
    outputChars: tap.outputChars,
    streamError,
  });
  /** An in-stream error after what was sent, on a record boundary so the client can parse it. */
  const endWithError = (error: GatewayError): void => {
    const midRecord = last !== null && !options.codec.framing.endsAtBoundary(last);
    endStreamWithError(res, options.codec, error, midRecord);
  };
  try {
    for await (const chunk of upstream.body as AsyncIterable<Buffer>) {
      if (res.destroyed) break;
      if (first) {
        first = false;
        options.onFirstByte();
      }
      const raw = scrub.push(chunk);
      const filtered = tap.push(raw);
      const out = filtered ?? raw;
      if (out.length > 0) {
        sendHead();
        last = out;
        await writeWithBackpressure(res, out);
      }
      if (tap.tooLarge) {
        upstream.body.destroy();
        sendHead();
        endWithError(tap.tooLarge);
        return result({ kind: 'upstream_response_too_large', message: tap.tooLarge.message });
      }
    }
    if (res.destroyed) return result();
    sendHead();
    const held = scrub.end();
    // In this order: what the scrubber held, then what the tap held back.
    for (const rest of [held.length > 0 ? (tap.push(held) ?? held) : null, tap.end()]) {
      if (rest === null || rest.length === 0) continue;
      last = rest;
      res.write(rest);
    }
    if (tap.invalid) {
      endWithError(
        new GatewayError(502, tap.invalid.message, {
          code: tap.invalid.code ?? 'upstream_invalid_response',
        }),
      );
      return result({ kind: 'upstream_invalid_response', message: tap.invalid.message });
    }
    if (tap.truncated) {
      endWithError(
        new GatewayError(502, tap.truncated.message, {
          code: tap.truncated.code ?? 'upstream_stream_truncated',
        }),
      );
      return result({ kind: 'upstream_stream_truncated', message: tap.truncated.message });
    }
    res.end();
    const upstreamError = tap.upstreamError;
    return result(
      upstreamError ? { kind: 'upstream_stream_error', message: upstreamError.message } : null,
    );
  } catch (error) {
    if (res.destroyed) return result();
    // Nothing reached the client yet: answer with a real error status instead.
    if (!headSent) throw cutBeforeEnd(error);
    const reason = error instanceof Error ? error.message : String(error);
    endWithError(
      new GatewayError(502, `The upstream connection closed mid-stream: ${reason}`, {
        code: 'upstream_disconnected',
      }),
    );
    return result({ kind: 'upstream_disconnected', message: reason });
  }
}
