import type { CanonicalRequest } from '../../electron/gateway/canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../electron/gateway/canonical/canonical-response.ts';
import type { StreamDecoder } from '../../electron/gateway/canonical/format-codec.ts';
import type { WireFormat } from '../../shared/wire-formats.ts';
import type { SimFormat } from '../upstream-sim/sim-format.ts';

/**
 * A format's test kit: everything the suites need to speak one wire format, as a client of the
 * gateway and as its upstream. Each format has one, in `test/format-kits/<format>/kit.ts`,
 * registered by one line in `test/format-kits/kits.ts`; the reliability suites, the matrix, the
 * recorded-fixture contract, the route-fallback test and the benchmark iterate over the
 * registry and never name a format. `docs/adding-a-format.md` says what a new one needs.
 */
export interface FormatKit {
  format: WireFormat;
  /** The simulator model that speaks only this format: a request for it passes through. */
  nativeModel: string;
  /** A simulator model of another format: this format's clients asking for it are translated. */
  translatedModel: string;
  client: KitClient;
  stream: KitStream;
  errors: KitErrors;
  upstream: KitUpstream;
  badBodies: KitBadBodies;
  /** Checks of the reliability suite that only this format has (its own paths and headers). */
  reliability: KitReliability;
  recorded: KitRecorded;
  matrix: KitMatrix;
  bench: KitBench;
}

/** One HTTP request of the format: the token and the JSON content type are added by the caller. */
export interface KitRequest {
  path: string;
  /** Headers its clients always send besides the token (Anthropic's `anthropic-version`). */
  headers: Readonly<Record<string, string>>;
  body: Record<string, unknown>;
}

/** An answer as a suite received it. */
export interface KitReply {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  text: string;
}

/** The format as its clients speak it. */
interface KitClient {
  /** The smallest ordinary request for `model` with the user text `text`, streamed or not. */
  request(model: string, text: string, stream: boolean): KitRequest;
  /** The text of a whole (not streamed) answer's JSON body: what its SDK shows as the answer. */
  wholeText(body: unknown): string;
  /** The format has no place for a refusal: the gateway writes one as answer text. */
  refusalAsText: boolean;
  /**
   * The headers its SDK sends from a web page with the local token `token`, where they differ
   * from `Authorization: Bearer` and the request's own (Anthropic's key header and opt-in).
   */
  browserHeaders?(token: string): Record<string, string>;
  /** How its clients list models with the local token `token`. */
  listModels(token: string): { path: string; headers: Record<string, string> };
  /**
   * POST routes its clients call besides generation, whose answer the gateway passes through
   * from the upstream (Messages' `count_tokens`); each with its smallest request.
   */
  otherRoutes: readonly KitOtherRoute[];
}

interface KitOtherRoute {
  name: string;
  request(model: string, text: string): KitRequest;
}

/** One record of a stream: the framing's event name, if any, and its data. */
export interface RawRecord {
  event?: string;
  data: string;
}

/** A record's data parsed as JSON, with its event name. */
export interface JsonRecord {
  event: string | undefined;
  json: Record<string, unknown>;
}

/** A written variant of the same records (the same meaning in other bytes). */
export interface FramingVariant {
  name: string;
  /** The body in pieces, each its own read. */
  pieces(body: string): string[];
  /** The pause between pieces. */
  pauseMs: number;
  /** Slow or large: run for fewer format pairs (see the framing suite). */
  costly?: true;
}

/** How a stream is cut into records on the wire (SSE; NDJSON for a format that uses it). */
export interface StreamFraming {
  name: string;
  contentType: string;
  /** The records of a streamed body, in order. */
  records(body: string): RawRecord[];
  /** Records written as this framing writes them. */
  write(records: readonly RawRecord[]): string;
  /** The offset just past record `index` (0 = the first) of a body. */
  recordEnd(body: string, index: number): number;
  /** The same stream in other valid bytes: what a reader must take as it takes the original. */
  variants: readonly FramingVariant[];
  /** A whole record whose data is not JSON (a proxy's page leaking into the stream). */
  garbage: string;
  /** The opening of a record whose JSON string never ends. */
  openRecord: string;
}

/** A string field of a record that holds generated text. */
interface TextSlot {
  holder: Record<string, unknown>;
  key: string;
}

/** How the format's stream records carry answer text and in-stream errors (either side). */
interface KitStream {
  framing: StreamFraming;
  /**
   * Whether a translated stream of this format opens (sends its first bytes) on the upstream's
   * first record, before any content. A Gemini chunk carries content, so its clients get
   * nothing until some arrives: a stream broken before that is answered with an error status.
   */
  opensBeforeContent: boolean;
  /** The places a record holds answer text (thoughts and thinking excluded), in order. */
  textSlots(record: JsonRecord): TextSlot[];
  /** Whether a record is the format's in-stream error. */
  isError(record: JsonRecord): boolean;
}

interface KitErrors {
  /**
   * Checks that an error answer has `status` and the format's error body (so its SDK raises its
   * typed error with the message); returns the body's error object.
   */
  expect(reply: KitReply, status: number): Record<string, unknown>;
}

/** The format as an upstream serves it. */
interface KitUpstream {
  /** The simulator's part: its paths, parse and write (also listed in `sim-formats.ts`). */
  sim: SimFormat;
  /** The request that records the format's fullest ordinary answer from the simulator. */
  recordingRequest(model: string, text: string, stream: boolean): KitRequest;
  /** The record that ends its stream with an error, as its upstream writes it, framed. */
  errorRecord(message: string): string;
  /** Statuses besides 503 by which the upstream says it refused the work for now. */
  overloadedStatuses: readonly number[];
  /**
   * A generation request the upstream got (its path, query left out, and body), asked again
   * whole (not streamed): what the simulator answers it with is the reference for the usage the
   * gateway metered.
   */
  wholeRequest(path: string, body: Record<string, unknown>): UpstreamCall;
  /** The usage a whole answer of this format reports, in the terms of the gateway's records. */
  usage(answer: unknown): KitUsage;
  /**
   * Its recorded stream is long (Messages': signed thinking before the text), so replaying it
   * in the framing suite's slow variants costs much: they run only passed through and to and
   * from the first format.
   */
  longRecording?: true;
}

/** A request to the upstream: where, and what. */
interface UpstreamCall {
  path: string;
  body: Record<string, unknown>;
}

/**
 * Usage as the gateway records it (OpenAI's convention: input counts cache reads and writes,
 * output counts reasoning). `cachedInputTokens` is null for a format that has no place for
 * cache reads (Ollama's counts).
 */
interface KitUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number | null;
  cacheWriteTokens: number;
  reasoningTokens: number;
}

/** Request bodies a client should never send, each wrong for this format. */
interface KitBadBodies {
  /** The text before and after a user text that is a JSON string. */
  textAround(model: string): [string, string];
  /** Required fields with the wrong JSON types. */
  wrongTypes: string;
  /** A valid request whose user text (or another field the converters walk) nests `depth` deep. */
  deepInField(model: string, depth: number): string;
  /** A valid request with one tool whose parameters schema is `schema`. */
  deepTool(model: string, schema: string): string;
  /** A valid request with a top-level field no format defines (`zz_not_a_field`). */
  unknownField(model: string): string;
  /** A valid request with the user text `text`. */
  valid(model: string, text: string): unknown;
}

/** What the bad-input suite lends a format's own checks. */
export interface BadInputContext {
  /** The kit whose checks these are. */
  kit: FormatKit;
  url(): string;
  token(): string;
  /** The simulator's journal, newest last, and a way to clear it. */
  journal(): readonly { rawBody: string; headers: Record<string, string> }[];
  clearJournal(): void;
  /** The gateway's body limit. */
  limit: number;
  /** Nesting depth of the deep bodies. */
  nesting: number;
  /** Exactly one record for the request once it is over, with the status the client saw. */
  expectOneRecord(reply: KitReply): Promise<void>;
}

interface KitReliability {
  /** Registers the bad-input checks only this format has (its own paths, headers and keys). */
  badInput?(ctx: BadInputContext): void;
}

/** What a stream or body says: the reading every format's client can be compared on. */
export interface Reading {
  text: string;
  calls: { name: string; args: unknown }[];
  usage?: { input: number; output: number; total: number };
}

export interface ReferenceReading extends Reading {
  /** The stream reports an error or a failed answer. */
  failed: boolean;
  /** The text of a refusal, kept apart from the answer's text by formats that have a place for it. */
  refusal?: string;
}

/** The format's recorded upstream captures (`test/fixtures/recorded/<folder>/`). */
export interface KitRecorded {
  folder: string;
  /** How many captures the folder holds: a lost file fails the contract. */
  counts: { streams: number; bodies: number };
  /** The streams of one capture (several answers in a row are replayed one by one). */
  streams(payloads: string[]): string[][];
  /** A capture's payloads as the upstream sends them (event names, terminal records). */
  frame(payloads: string[]): string;
  /** What a stream says, read straight from its JSON, sharing no code with the decoders. */
  reference(payloads: string[]): ReferenceReading;
  /** A streamed answer as this format's client reads it with its SDK, through `baseUrl`. */
  readStream(model: string, baseUrl: string, token: string): Promise<Reading>;
  /** The deeper round trip through the format's own codec, for a format that has it. */
  roundTrip?: KitRoundTrip;
}

/** A value the encoders wrote, for the format's type or schema check. */
export interface WrittenValue {
  label: string;
  shape: string;
  value: unknown;
}

/**
 * Each recording decoded by the codec, checked against a reading of the raw recording, encoded
 * again for a client of the same format and read back with its SDK: the SDK must see what the
 * recording says, in the format's own terms (ids, thinking, stop reasons).
 */
export interface KitRoundTrip {
  /** The decoder's view of one recorded payload. */
  decoderInput(payload: string): Parameters<StreamDecoder['push']>[0];
  /** The format's own reading of a recorded stream; 'error' for one its clients must fail on. */
  referenceOfStream(payloads: string[]): unknown;
  referenceOfBody(body: Record<string, unknown>): unknown;
  /** The same reading of the decoded (canonical) answer. */
  canonical(response: CanonicalResponse): unknown;
  /** What the client asked for, as the encoder sees it: everything shown (thinking included). */
  encodeRequest: Partial<CanonicalRequest>;
  /** The SDK's reading of a re-encoded stream, offline. */
  sdkStream(body: string): Promise<unknown>;
  sdkBody(body: unknown): Promise<unknown>;
  /** Checks a stream that failed: what the decoder ended with, and what the SDK threw. */
  expectFailedStream(lastEvent: unknown, failure: unknown): void;
  /** The values an encoded stream holds, for `typeErrors`. */
  written(label: string, body: string): WrittenValue[];
  /** An encoded whole answer, for `typeErrors`. */
  writtenBody(label: string, body: unknown): WrittenValue;
  /** Type errors of written values against the SDK's own types, each prefixed with its label. */
  typeErrors(values: readonly WrittenValue[]): Promise<string[]>;
  /** A value the type check must refuse (proof that it bites), and how its refusal reads. */
  canary: WrittenValue;
  canaryError: RegExp;
}

/** The client the matrix drives, with the format's official SDK, against a running gateway. */
export interface KitMatrix {
  /** The npm package of the official SDK. */
  sdk: string;
  connect(target: MatrixTarget): MatrixClient;
}

export interface MatrixTarget {
  url: string;
  token: string;
  /** What the upstream (the simulator) received last: its raw body. */
  lastUpstreamBody(): string;
  clearJournal(): void;
}

/** A tool call as the matrix compares it. */
interface MatrixCall {
  name: string;
  args: unknown;
}

/**
 * The scenarios every format runs through its SDK, streamed and not; each returns what the
 * shared expectations check and checks what only its SDK shows (finish reasons, ids) itself.
 */
export interface MatrixClient {
  /** 'Say hello': the answer's text; the format's finish reason and usage checked. */
  plainText(model: string, stream: boolean): Promise<string>;
  /** A system prompt, then user, assistant, user turns: the answer's text. */
  history(
    model: string,
    stream: boolean,
    conversation: { system: string; turns: [string, string, string] },
  ): Promise<string>;
  /** 'Weather in Paris?' with the weather tool, then its result: the call and the second answer. */
  toolLoop(model: string, stream: boolean): Promise<{ call: MatrixCall; answer: string }>;
  /** A text part and the tiny PNG in one user turn: the answer's text. */
  imageInput(model: string, stream: boolean): Promise<string>;
  /** JSON-schema output: the answer's text. */
  jsonOutput(model: string, stream: boolean): Promise<string>;
  /** Scenarios only this SDK has, streamed and not. */
  extra: Readonly<Record<string, (model: string, stream: boolean) => Promise<void>>>;
  /** Scenarios only this SDK has, once per model. */
  perModel: Readonly<Record<string, (model: string) => Promise<void>>>;
  /** Scenarios only this SDK has, once. */
  once: Readonly<Record<string, () => Promise<void>>>;
}

/** The benchmark's requests. */
interface KitBench {
  /**
   * The request sent straight to the simulator: the client's, plus what the gateway adds on
   * its way up (chat's `stream_options.include_usage`), so both paths cost the simulator alike.
   */
  direct(model: string, text: string, stream: boolean): KitRequest;
}
