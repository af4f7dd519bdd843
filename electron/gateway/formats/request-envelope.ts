import { z } from 'zod';
import { GatewayError } from '../server/gateway-error.ts';
import type { WireFormat } from './wire-format.ts';

/**
 * The top-level fields the gateway itself needs from a request (model, stream flag) and the
 * SPEC's required fields. Everything else is left to the converters or to the upstream, so a
 * passed-through body is checked for what matters and nothing more.
 */
const chatEnvelope = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.unknown()).min(1),
  stream: z.boolean().nullish(),
});

const responsesEnvelope = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.unknown())]),
  stream: z.boolean().nullish(),
});

const geminiEnvelope = z.looseObject({
  contents: z.array(z.unknown()),
});

export interface RequestEnvelope {
  model: string;
  stream: boolean;
  body: Record<string, unknown>;
}

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

/** Checks a parsed body against its format's envelope; the native model and stream come from the path. */
export function readEnvelope(
  format: WireFormat,
  body: unknown,
  nativePath?: { model: string; stream: boolean },
): RequestEnvelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new GatewayError(400, 'Request body must be a JSON object.', { code: 'invalid_request' });
  }
  const schema =
    format === 'chat' ? chatEnvelope : format === 'responses' ? responsesEnvelope : geminiEnvelope;
  const result = schema.safeParse(body);
  if (!result.success) {
    const first = result.error.issues[0];
    const { message, param } = first
      ? describe(first)
      : { message: 'Invalid request body.', param: 'body' };
    throw new GatewayError(400, message, { code: 'invalid_request', param });
  }
  const record = body as Record<string, unknown>;
  if (format === 'gemini') {
    if (!nativePath) throw new Error('native requests take the model from the path');
    return { model: nativePath.model, stream: nativePath.stream, body: record };
  }
  return { model: record.model as string, stream: record.stream === true, body: record };
}
