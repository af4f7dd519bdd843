import type { CanonicalMessage, CanonicalRequest } from './canonical-request.ts';
import type { OutputLimits } from './output-limits.ts';

/**
 * Opaque state the gateway keeps between turns where the client's format has no place for it:
 * Gemini thought signatures by tool-call id, responses reasoning items by the call that follows.
 * Values are kept byte-exact.
 */
export interface OpaqueStateStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** A conversation answered through the gateway for a responses client, for `previous_response_id`. */
export interface StoredConversation {
  /** The whole history up to and including the answer, as canonical turns. */
  messages: CanonicalMessage[];
  /** The answer as the client received it, for `GET /v1/responses/{id}`. */
  response?: Record<string, unknown>;
}

export interface ResponseStore {
  get(responseId: string): StoredConversation | undefined;
  set(responseId: string, conversation: StoredConversation): void;
}

/** What converters share for one request. */
export interface ConversionContext {
  /** Documented rules that changed something, e.g. `responses.seed_dropped`; the request log shows them. */
  rules: string[];
  /**
   * Request fields left out because they do not change the answer (metadata, cache hints, tools
   * the upstream cannot run), by their path in the client's body. The client sees them in the
   * `x-gateway-dropped` header and the request log, so nothing is dropped silently.
   */
  dropped: string[];
  /**
   * Set by an upstream encoder when the upstream's format cannot take a limit the client asked
   * for (a small token cap, stop sequences): the gateway then cuts the answer itself.
   */
  outputLimits?: OutputLimits;
  state: OpaqueStateStore;
  responses: ResponseStore;
}

/** What an encoder of answers needs to know about the request it answers. */
export interface ResponseEncodeContext extends ConversionContext {
  request: CanonicalRequest;
  /** The client's request body as sent, for fields a format echoes back (responses echoes params). */
  clientBody: Record<string, unknown>;
  /** The gateway's request id. */
  requestId: string;
  /**
   * The id the client sees for this answer (`chatcmpl-…`, `resp_…`, or a Gemini `responseId`),
   * chosen by the pipeline so it can store the conversation under it. Encoders use this, not the
   * upstream's id.
   */
  responseId: string;
}

export const addRule = (ctx: ConversionContext, rule: string): void => {
  if (!ctx.rules.includes(rule)) ctx.rules.push(rule);
};

/** Records that the field at `path` was dropped under `rule`. */
export const addDropped = (ctx: ConversionContext, path: string, rule: string): void => {
  addRule(ctx, rule);
  if (!ctx.dropped.includes(path)) ctx.dropped.push(path);
};
