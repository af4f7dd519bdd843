import { z } from 'zod';
import type { RequestEnvelope } from '../../canonical/format-codec.ts';
import { newId } from '../../canonical/ids.ts';
import { checkEnvelope, positiveInteger } from '../check-envelope.ts';

/** Where chat-completions is served, to clients and by the upstream alike. */
export const CHAT_PATH = '/v1/chat/completions';

/** Headers the official SDKs send from a browser page (`dangerouslyAllowBrowser`). */
export const OPENAI_CORS_HEADERS = [
  'openai-beta',
  'x-stainless-os',
  'x-stainless-lang',
  'x-stainless-package-version',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-arch',
  'x-stainless-retry-count',
  'x-stainless-timeout',
];

const ENVELOPE = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.unknown()).min(1),
  stream: z.boolean().nullish(),
});

export function readChatEnvelope(body: Record<string, unknown>): RequestEnvelope {
  checkEnvelope(ENVELOPE, body);
  const cap = positiveInteger(body.max_completion_tokens) ?? positiveInteger(body.max_tokens);
  return {
    model: body.model as string,
    stream: body.stream === true,
    body,
    ...(cap === undefined ? {} : { maxOutputTokens: cap }),
  };
}

export const newChatResponseId = (): string => newId('chatcmpl-');
