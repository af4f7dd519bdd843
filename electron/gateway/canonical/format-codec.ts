import type { EventSourceMessage } from 'eventsource-parser';
import type { GatewayError } from '../server/gateway-error.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import type { CanonicalRequest } from './canonical-request.ts';
import type { CanonicalResponse } from './canonical-response.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';
import type { ConversionContext, ResponseEncodeContext } from './conversion-context.ts';

/** Upstream SSE events (already parsed) in, canonical events out. */
export interface StreamDecoder {
  push(event: EventSourceMessage): CanonicalStreamEvent[];
  /** The upstream stream ended; flush what was held (e.g. Gemini's last usage). */
  end(): CanonicalStreamEvent[];
}

/** Canonical events in, the client's SSE text out (framing included). */
export interface StreamEncoder {
  encode(event: CanonicalStreamEvent): string;
  /** The stream is over: write the format's terminal records (`[DONE]`, `response.completed`, the last chunk). */
  end(): string;
}

/** Everything the gateway needs to speak one wire format on either side. */
export interface FormatCodec {
  format: WireFormat;
  /** Client body → canonical. Throws GatewayError 400 naming a field it cannot carry. */
  decodeRequest(
    body: Record<string, unknown>,
    ctx: ConversionContext,
    nativePath?: { model: string; stream: boolean },
  ): CanonicalRequest;
  /** Canonical → upstream body. Throws GatewayError 400 for what the format cannot take. */
  encodeRequest(request: CanonicalRequest, ctx: ConversionContext): Record<string, unknown>;
  /** Upstream answer → canonical. */
  decodeResponse(body: unknown, ctx: ConversionContext): CanonicalResponse;
  /** Canonical → the client's answer. */
  encodeResponse(response: CanonicalResponse, ctx: ResponseEncodeContext): unknown;
  createStreamDecoder(ctx: ConversionContext): StreamDecoder;
  createStreamEncoder(ctx: ResponseEncodeContext): StreamEncoder;
  /** An upstream error answer in this format → a GatewayError (status kept; Retry-After from the body where the format puts it there). */
  decodeError(
    status: number,
    body: string,
    headers: Record<string, string | undefined>,
  ): GatewayError;
}
