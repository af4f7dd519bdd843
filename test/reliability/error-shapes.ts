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

/** The error shape of the route a client called. */
export function expectErrorIn(
  format: WireFormat,
  reply: ErrorReply,
  status: number,
): Record<string, unknown> {
  return format === 'gemini' ? expectGoogleError(reply, status) : expectOpenAiError(reply, status);
}

/** The app's RPC errors: `{"error":{"message","code"}}`. */
export function expectRpcError(reply: ErrorReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.code).toBe('string');
  return body.error;
}
