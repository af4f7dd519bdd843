import { expect } from 'vitest';

/**
 * What every error answer must look like: JSON in the client's own format, so an SDK raises
 * its typed error with the gateway's message instead of choking on the body. Each format's
 * check is its kit's `errors.expect`; the app's RPC has its own below.
 */
export interface ErrorReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The app's RPC errors: `{"error":{"message","code"}}`. */
export function expectRpcError(reply: ErrorReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.code).toBe('string');
  return body.error;
}
