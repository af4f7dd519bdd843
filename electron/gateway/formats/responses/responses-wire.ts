import { z } from 'zod';
import type { KeptAnswers, RequestEnvelope } from '../../canonical/format-codec.ts';
import { newId } from '../../canonical/ids.ts';
import { checkEnvelope, positiveInteger } from '../check-envelope.ts';

/** Where responses is served, to clients and by the upstream alike. */
export const RESPONSES_PATH = '/v1/responses';

const READ_PATH = /^\/v1\/responses\/([^/]+)$/;

const ENVELOPE = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.unknown())]),
  stream: z.boolean().nullish(),
});

export function readResponsesEnvelope(body: Record<string, unknown>): RequestEnvelope {
  checkEnvelope(ENVELOPE, body);
  const cap = positiveInteger(body.max_output_tokens);
  return {
    model: body.model as string,
    stream: body.stream === true,
    body,
    ...(cap === undefined ? {} : { maxOutputTokens: cap }),
  };
}

export const newResponsesId = (): string => newId('resp_');

function decodedId(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Responses clients refer back to answers: `previous_response_id` continues one, and
 * `GET /v1/responses/{id}` reads one again. The gateway keeps those it gave through translation,
 * unless the client sent `store: false`.
 */
export const RESPONSES_KEPT_ANSWERS: KeptAnswers = {
  keep: (body) => body.store !== false,
  matchReadPath(pathname) {
    const match = READ_PATH.exec(pathname);
    return match ? decodedId(match[1] ?? '') : undefined;
  },
  upstreamReadPath: (id) => `${RESPONSES_PATH}/${encodeURIComponent(id)}`,
};
