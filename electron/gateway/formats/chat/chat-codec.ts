import type { FormatCodec } from '../../canonical/format-codec.ts';
import { decodeOpenAiError } from '../openai-error-decode.ts';
import { canonicalToChatRequest } from './canonical-to-chat-request.ts';
import { canonicalToChatResponse } from './canonical-to-chat-response.ts';
import { chatRequestToCanonical } from './chat-request-to-canonical.ts';
import { chatResponseToCanonical } from './chat-response-to-canonical.ts';
import { createChatStreamDecoder } from './chat-stream-decoder.ts';
import { createChatStreamEncoder } from './chat-stream-encoder.ts';

/** The chat-completions format on either side of the hub. */
export const chatCodec: FormatCodec = {
  format: 'chat',
  decodeRequest: (body, ctx) => chatRequestToCanonical(body, ctx),
  encodeRequest: canonicalToChatRequest,
  decodeResponse: chatResponseToCanonical,
  encodeResponse: canonicalToChatResponse,
  createStreamDecoder: createChatStreamDecoder,
  createStreamEncoder: createChatStreamEncoder,
  decodeError: decodeOpenAiError,
};
