import { expect } from 'vitest';
import type { WireFormat } from '../../shared/wire-formats.ts';

/**
 * What every error answer must look like: JSON in the client's own format, so an SDK raises
 * its typed error with the gateway's message instead of choking on the body.
 */
export interface ErrorReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function expectOpenAiError(reply: ErrorReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  // `message` is what SDKs read; an upstream's own error passed through may lack `type`/`code`.
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message).not.toBe('');
  return body.error;
}

function expectGoogleError(reply: ErrorReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(body.error.code).toBe(status);
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.status).toBe('string');
  return body.error;
}

/** The `error.type` values of Anthropic's API (@anthropic-ai/sdk's `ErrorType`, and 413's). */
const ANTHROPIC_ERROR_TYPES: ReadonlySet<string> = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'timeout_error',
  'api_error',
  'overloaded_error',
]);

/** Statuses whose type the SDK and the API agree on, whoever made the answer. */
const ANTHROPIC_TYPE_OF: Readonly<Record<number, string>> = {
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

function expectAnthropicError(reply: ErrorReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  // `{"type":"error","error":{"type","message"}}`: the SDK reads `error.message` for its APIError.
  const body = JSON.parse(reply.text) as { type: unknown; error: Record<string, unknown> };
  expect(body.type, reply.text.slice(0, 300)).toBe('error');
  expect(ANTHROPIC_ERROR_TYPES.has(String(body.error.type)), String(body.error.type)).toBe(true);
  if (ANTHROPIC_TYPE_OF[status] !== undefined)
    expect(body.error.type).toBe(ANTHROPIC_TYPE_OF[status]);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message).not.toBe('');
  return body.error;
}

const EXPECT_ERROR: Record<
  WireFormat,
  (reply: ErrorReply, status: number) => Record<string, unknown>
> = {
  chat: expectOpenAiError,
  responses: expectOpenAiError,
  gemini: expectGoogleError,
  anthropic: expectAnthropicError,
};

/** The error shape of the route a client called. */
export function expectErrorIn(
  format: WireFormat,
  reply: ErrorReply,
  status: number,
): Record<string, unknown> {
  return EXPECT_ERROR[format](reply, status);
}

/** The app's RPC errors: `{"error":{"message","code"}}`. */
export function expectRpcError(reply: ErrorReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.code).toBe('string');
  return body.error;
}
