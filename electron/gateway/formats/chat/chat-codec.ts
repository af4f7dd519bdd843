import { FORMAT_MARKER } from '../../../../shared/wire-formats.ts';
import { SSE_FRAMING } from '../framing/sse-framing.ts';
import type { FormatCodec } from '../../canonical/format-codec.ts';
import { OPENAI_DISCOVERY } from '../openai-discovery.ts';
import { openAiErrorBody } from '../openai-error-body.ts';
import { decodeOpenAiError } from '../openai-error-decode.ts';
import { canonicalToChatRequest } from './canonical-to-chat-request.ts';
import { canonicalToChatResponse } from './canonical-to-chat-response.ts';
import { chatRequestToCanonical } from './chat-request-to-canonical.ts';
import { chatResponseToCanonical } from './chat-response-to-canonical.ts';
import { createChatStreamDecoder } from './chat-stream-decoder.ts';
import { createChatStreamEncoder } from './chat-stream-encoder.ts';
import { chatStreamError } from './chat-stream-error.ts';
import { isChatUsageOnlyChunk } from './chat-usage-chunk.ts';
import {
  CHAT_PATH,
  newChatResponseId,
  OPENAI_CORS_HEADERS,
  readChatEnvelope,
} from './chat-wire.ts';
import { requestStreamUsage } from './request-stream-usage.ts';
import { withModelMember } from '../json-model-member.ts';

/** The chat-completions format (`POST /v1/chat/completions`), on either side of the hub. */
export const chatCodec: FormatCodec = {
  format: 'chat',
  marker: FORMAT_MARKER.chat,
  pathPrefixes: ['/v1/'],
  served: [CHAT_PATH],
  framing: SSE_FRAMING,
  matchPath: (pathname) => (pathname === CHAT_PATH ? {} : undefined),
  ownsPath: (pathname) => pathname.startsWith('/v1/chat/'),
  tokenSources: [],
  corsHeaders: OPENAI_CORS_HEADERS,
  readEnvelope: readChatEnvelope,
  newResponseId: newChatResponseId,
  errorBody: openAiErrorBody,
  streamError: chatStreamError,
  discovery: OPENAI_DISCOVERY,
  // A stream is metered from its usage chunk, which chat sends only when asked: the gateway asks,
  // and hides the chunk from a client that did not.
  preparePassthrough(raw, envelope) {
    if (!envelope.stream) return undefined;
    const usage = requestStreamUsage(raw, envelope.body);
    return {
      body: usage.body,
      ...(usage.clientAsked ? {} : { hideRecord: isChatUsageOnlyChunk }),
      ...(usage.changed ? { rule: 'chat.stream_usage_requested' } : {}),
    };
  },
  upstreamPath: () => CHAT_PATH,
  withModel: withModelMember,
  decodeRequest: (body, ctx) => chatRequestToCanonical(body, ctx),
  encodeRequest: canonicalToChatRequest,
  decodeResponse: chatResponseToCanonical,
  encodeResponse: canonicalToChatResponse,
  createStreamDecoder: createChatStreamDecoder,
  createStreamEncoder: createChatStreamEncoder,
  decodeError: decodeOpenAiError,
};
