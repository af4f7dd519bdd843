import type { EventSourceMessage } from 'eventsource-parser';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import type { CanonicalRequest } from './canonical-request.ts';
import type { CanonicalResponse } from './canonical-response.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';
import type { ConversionContext, ResponseEncodeContext } from './conversion-context.ts';
import type { GatewayError } from './gateway-error.ts';

/**
 * One record of a stream, whatever its framing: a server-sent event (`event`, `data`, `id`), or
 * one line of newline-delimited JSON as `data` (no event name, no id). Stream decoders read only
 * this shape, so they do not depend on how their format frames its records.
 */
export type StreamRecord = EventSourceMessage;

/** Splits a stream's bytes (cut anywhere, even inside a UTF-8 sequence) into records. */
export interface StreamRecordReader {
  /** Feeds bytes; throws the gateway's 502 once one record grows past the reader's cap. */
  push(chunk: Uint8Array): void;
  /** The stream ended: flushes a last record that lacked its terminator. */
  end(): void;
}

/**
 * How a format cuts its streams into records on the wire: server-sent events, or
 * newline-delimited JSON. The codec names its framing; the flows read upstream streams, write
 * client streams, meter passed-through ones and end broken ones through it, and assume no
 * framing of their own.
 */
export interface StreamFraming {
  /** The content type of a stream written in this framing (translated answers). */
  contentType: string;
  /** A reader of upstream bytes that calls `onRecord` with each whole record. */
  createReader(
    onRecord: (record: StreamRecord) => void,
    maxRecordChars?: number,
  ): StreamRecordReader;
  /**
   * Whether bytes that end with `tail` end on a record boundary: nothing of a record is left
   * open, so what follows is parsed as a record of its own.
   */
  endsAtBoundary(tail: Uint8Array | string): boolean;
  /**
   * The offset just past the last record boundary in `bytes` (0 where there is none): the bytes
   * before it are whole records, which a reader fed them reads to the end, holding nothing.
   * `before` are the bytes that came just before `bytes` (a boundary may start there).
   */
  lastRecordEnd(bytes: Uint8Array, before: Uint8Array): number;
  /**
   * Written before a record that follows bytes cut inside a record (a broken stream's error),
   * so the client can parse it; an extra one after a whole record is harmless.
   */
  recordBreak: string;
  /** One record as this framing writes it (the metering tap re-emits the records it keeps). */
  writeRecord(record: StreamRecord): string;
}

/** Upstream stream records (already split by the upstream format's framing) in, canonical events out. */
export interface StreamDecoder {
  push(event: StreamRecord): CanonicalStreamEvent[];
  /**
   * `push` for the records the decoder recognises without parsing them (a delta of text in its
   * usual shape): the events `push` would return, with the same effect on the decoder. Undefined
   * for any other record, which then goes to `push`. Metering reads passed-through streams
   * through it, where parsing every record was most of the cost of a streamed record.
   */
  skim?(event: StreamRecord): CanonicalStreamEvent[] | undefined;
  /** The upstream stream ended; flush what was held (e.g. Gemini's last usage). */
  end(): CanonicalStreamEvent[];
}

/** Canonical events in, the client's stream text out (records framed as the format's `framing` says). */
export interface StreamEncoder {
  encode(event: CanonicalStreamEvent): string;
  /** The stream is over: write the format's terminal records (`[DONE]`, `response.completed`, the last chunk). */
  end(): string;
}

/** What a generation path says of the request: the model and stream flag, where the path holds them. */
export interface PathRequest {
  model?: string;
  stream?: boolean;
}

/** The fields the gateway itself needs from a generation request, read and checked. */
export interface RequestEnvelope {
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
  /** The client's cap on output tokens, where it set one (a budget reserves up to it). */
  maxOutputTokens?: number;
}

/** A place a local access token may arrive. Every format accepts `Authorization: Bearer`. */
export type TokenSource = { header: string } | { query: string };

/** Request headers as Node gives them. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * How this format's clients find models. `/v1/models` is shared by several formats' clients; a
 * format claims a request there by how it authenticated or by a header only its clients send.
 */
export interface DiscoveryShape {
  /** List paths only this format's clients use (`/v1beta/models`); `{id}` below them reads one. */
  ownPaths: readonly string[];
  /** Whether a request to a shared list path came from this format's client. */
  claims(headers: RequestHeaders, tokenVia: TokenSource | 'bearer'): boolean;
  list(models: CatalogModel[]): unknown;
  /** One model in this format's shape; undefined when clients of this format cannot use it. */
  one(model: CatalogModel): unknown;
}

/**
 * Answers the gateway keeps for a format whose clients refer back to them (responses'
 * `previous_response_id`, `GET /v1/responses/{id}`).
 */
export interface KeptAnswers {
  /** Whether this request's answer is to be kept (a client may opt out). */
  keep(body: Record<string, unknown>): boolean;
  /** The id a read path asks for (`GET /v1/responses/{id}`), or undefined. */
  matchReadPath(pathname: string): string | undefined;
  /** Where the upstream serves an answer it kept itself (one that was passed through). */
  upstreamReadPath(id: string): string;
}

/** A change a passed-through request needs so the gateway can meter it, and how to undo its effect. */
interface PassthroughPreparation {
  body: Buffer;
  /**
   * Stream records the client did not ask for (they exist for metering): kept from the client.
   * Never a record the format's `StreamDecoder.skim` reads (one of plain text), which the
   * metering tap does not ask about.
   */
  hideRecord?: (data: string) => boolean;
  /** The rule recorded when the body was changed. */
  rule?: string;
}

/** Counting a request's input tokens without generating (`POST /v1/messages/count_tokens`). */
export interface TokenCounting {
  matchPath(pathname: string): boolean;
  /** Where the upstream counts, for models that speak this format. */
  upstreamPath: string;
  /** The answer of an estimate the gateway made itself. */
  body(inputTokens: number): unknown;
}

/**
 * A route a format's clients call that the gateway answers itself from the catalog, with no
 * upstream call (Ollama's `POST /api/show`, `GET /api/version`).
 */
export interface LocalRoute {
  method: 'GET' | 'POST';
  path: string;
  /**
   * The answer's body, from the models (routes included) the client may see and, for a POST,
   * its JSON body. Throws a GatewayError: a 400 for a bad body, a 404 for a model not there.
   */
  answer(models: readonly CatalogModel[], body: unknown): unknown;
}

/**
 * Everything the gateway knows about one wire format, on either side of the hub: how its
 * clients call (paths, token places, body envelope), how it answers (ids, error bodies, stream
 * endings, model lists), where the upstream serves it, and the conversions to and from the
 * canonical form. Code outside the format's folder asks the codec and never names the format.
 */
export interface FormatCodec {
  format: WireFormat;
  /** The catalog marker (`supported_endpoint_types` value) of models that speak this format. */
  marker: string;

  /**
   * The path prefixes its API lives under (`/v1/`; Gemini's `/v1beta/` and `/v1/`), each ending
   * in `/` (the prefix without it, `/v1`, counts too). Requests under any format's prefixes are
   * the model API; every other path is the app's (headless mode's UI and its RPC).
   */
  pathPrefixes: readonly string[];
  /**
   * The generation paths its clients call, as people know them (`/v1/chat/completions`,
   * `/v1beta/models/{model}:generateContent`): the 404 of an unknown path lists them.
   */
  served: readonly string[];
  /** How its streams are cut into records on the wire (`SSE_FRAMING`, `NDJSON_FRAMING`). */
  framing: StreamFraming;
  /** A POST generation path of this format: what it says, a GatewayError if malformed, else undefined. */
  matchPath(pathname: string, query: URLSearchParams): PathRequest | GatewayError | undefined;
  /** Paths that belong to this format, so errors on them (even unknown ones) come in its shape. */
  ownsPath(pathname: string): boolean;
  /** Where its clients put the local token, besides `Authorization: Bearer`. */
  tokenSources: readonly TokenSource[];
  /** Headers its SDKs send from a browser page, which a CORS preflight must allow. */
  corsHeaders: readonly string[];
  /** Reads and checks the fields the gateway needs; a GatewayError 400 names what is wrong. */
  readEnvelope(body: Record<string, unknown>, path: PathRequest): RequestEnvelope;
  /** A fresh id for a translated answer, in this format's style. */
  newResponseId(): string;
  /** The error body of this format. */
  errorBody(error: GatewayError): unknown;
  /** The status this format answers an error with, where it differs from the error's own. */
  errorStatus?(error: GatewayError): number;
  /** The record that ends a stream of this format with an error, once the status line is out. */
  streamError(error: GatewayError, sequenceNumber: number): string;
  discovery: DiscoveryShape;
  keptAnswers?: KeptAnswers;
  /** Prepares a passed-through request the gateway must change to meter it (chat's usage chunk). */
  preparePassthrough?(raw: Buffer, envelope: RequestEnvelope): PassthroughPreparation | undefined;
  /**
   * The upstream's path for a generation in this format; `envelope` is the client's, where the
   * request passes through (a format with two generation paths keeps the one it was sent to).
   */
  upstreamPath(model: string, stream: boolean, envelope?: RequestEnvelope): string;
  /**
   * A passed-through body sent to another model than the one the client named (a route's
   * model): every other byte kept. Formats that name the model in the path return it as is.
   */
  withModel(raw: Buffer, model: string): Buffer;
  /**
   * Headers the upstream needs with a body of this format (Anthropic's `anthropic-version`,
   * `anthropic-beta`), from the client's own when it passed through.
   */
  upstreamHeaders?(client: RequestHeaders | undefined): Record<string, string>;
  /**
   * Request options its clients send as headers (Anthropic's betas), recorded when a request is
   * translated: the other format has no place for them, so they are dropped by name.
   */
  readHeaders?(headers: RequestHeaders, ctx: ConversionContext): void;
  tokenCounting?: TokenCounting;
  /** Routes its clients call that the gateway answers from the catalog alone. */
  localRoutes?: readonly LocalRoute[];
  /**
   * The answer to a generation request that asks for no generation (Ollama's load and unload
   * requests, which carry nothing to answer), written at once for a model the client may use,
   * with no upstream call; undefined for a request to generate.
   */
  answerLocally?(envelope: RequestEnvelope): unknown;
  /**
   * What its own servers answer on `GET /` to a client that is not a browser (Ollama's
   * `Ollama is running`, which its clients probe to tell whether the server is up).
   */
  rootProbe?: string;

  /** Client body → canonical. Throws GatewayError 400 naming a field it cannot carry. */
  decodeRequest(
    body: Record<string, unknown>,
    ctx: ConversionContext,
    envelope: RequestEnvelope,
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
