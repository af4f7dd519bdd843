import type { z } from 'zod';
import { GatewayError } from '../canonical/gateway-error.ts';

function describe(issue: z.core.$ZodIssue): { message: string; param: string } {
  const param = issue.path.map(String).join('.') || 'body';
  const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
  return {
    message: missing
      ? `Missing required field '${param}'.`
      : `Invalid field '${param}': ${issue.message}`,
    param,
  };
}

/** A client's count field when it is a positive whole number (others are the converters' to judge). */
export const positiveInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * Checks a body against a format's envelope schema: the fields the gateway itself needs (model,
 * stream flag) and the format's required fields. Everything else is left to the converters or
 * to the upstream, so a passed-through body is checked for what matters and nothing more.
 */
export function checkEnvelope(schema: z.ZodType, body: Record<string, unknown>): void {
  const result = schema.safeParse(body);
  if (result.success) return;
  const first = result.error.issues[0];
  const { message, param } = first
    ? describe(first)
    : { message: 'Invalid request body.', param: 'body' };
  throw new GatewayError(400, message, { code: 'invalid_request', param });
}
