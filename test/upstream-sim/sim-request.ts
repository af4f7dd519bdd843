import type { SimFailure } from './errors.ts';

/**
 * What the answer depends on, read from any of the request formats. Parsing
 * into one form keeps the reply logic identical across formats, so a gateway that
 * translates a request faithfully gets the same answer whichever path it uses.
 */
export interface SimToolDecl {
  name: string;
  schema: unknown;
}

export type SimToolChoice =
  { kind: 'auto' } | { kind: 'none' } | { kind: 'required' } | { kind: 'named'; name: string };

/** An image a tool returned: inline bytes are counted, a URL is never fetched. */
export type SimImage =
  { kind: 'inline'; mimeType: string; bytes: number } | { kind: 'url'; url: string };

export interface SimToolResult {
  name: string;
  content: string;
  /**
   * Images the result holds (Messages, responses, native), or, on chat, whose tool messages hold
   * text only, the images of a user message right after the tool messages; the answer names
   * each, so a test sees they arrived.
   */
  images?: SimImage[];
}

type SimOutputFormat = { kind: 'text' } | { kind: 'json'; schema: unknown };

export interface SimRequest {
  model: string;
  stream: boolean;
  /** Every user text joined: where fault markers are looked for. */
  markerText: string;
  /** Text of the last user turn. */
  lastUserText: string;
  /** Characters of all text the model reads: the basis of the input token count. */
  inputChars: number;
  imageCount: number;
  tools: SimToolDecl[];
  toolChoice: SimToolChoice;
  /** Who spoke last: tools are only called in answer to a user turn. */
  lastTurn: 'user' | 'assistant' | 'tool';
  /** Non-empty when the last turn carries tool results. */
  toolResults: SimToolResult[];
  /** Chat and responses `parallel_tool_calls: false` limit the answer to one call. */
  parallelToolCalls: boolean;
  maxOutputTokens: number | null;
  /** Messages `stop_sequences`: the text ends before the first one it contains. */
  stopSequences: string[];
  output: SimOutputFormat;
  includeThoughts: boolean;
  /**
   * A 400 found while reading the body that the real upstream would only raise after
   * its own checks (model, balance, rate limits); reported at that point.
   */
  deferred: SimFailure | null;
  /**
   * The first problem with the reasoning state the history hands back, which a model that signs
   * its reasoning (`requiresThoughtSignatures`) rejects with this 400: a native functionCall part
   * whose thoughtSignature is missing or not ours; a Messages thinking block whose signature is
   * missing or not ours for its text, or a tool loop whose assistant turn lost its thinking block.
   */
  badReasoningState: SimFailure | null;
}

export type ParseResult = { ok: true; request: SimRequest } | { ok: false; failure: SimFailure };

export function emptyRequest(model: string, stream: boolean): SimRequest {
  return {
    model,
    stream,
    markerText: '',
    lastUserText: '',
    inputChars: 0,
    imageCount: 0,
    tools: [],
    toolChoice: { kind: 'auto' },
    lastTurn: 'user',
    toolResults: [],
    parallelToolCalls: true,
    maxOutputTokens: null,
    stopSequences: [],
    output: { kind: 'text' },
    includeThoughts: false,
    deferred: null,
    badReasoningState: null,
  };
}

/** Keeps the first problem only, as real APIs report one error at a time. */
export function defer(req: SimRequest, failure: SimFailure): void {
  req.deferred ??= failure;
}
