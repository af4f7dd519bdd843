import { FORMAT_MARKER } from '../../../../shared/wire-formats.ts';
import { SSE_FRAMING } from '../framing/sse-framing.ts';
import type { FormatCodec } from '../../canonical/format-codec.ts';
import { newId } from '../../canonical/ids.ts';
import { anthropicErrorBody, anthropicErrorStatus } from './anthropic-error-body.ts';
import { decodeAnthropicError } from './anthropic-error-decode.ts';
import { anthropicRequestToCanonical } from './anthropic-request-to-canonical.ts';
import { anthropicResponseToCanonical } from './anthropic-response-to-canonical.ts';
import { createAnthropicStreamDecoder } from './anthropic-stream-decoder.ts';
import { createAnthropicStreamEncoder } from './anthropic-stream-encoder.ts';
import { anthropicStreamError } from './anthropic-stream-error.ts';
import { canonicalToAnthropicRequest } from './canonical-to-anthropic-request.ts';
import { canonicalToAnthropicResponse } from './canonical-to-anthropic-response.ts';
import {
  ANTHROPIC_CORS_HEADERS,
  ANTHROPIC_DISCOVERY,
  ANTHROPIC_TOKEN_COUNTING,
  ANTHROPIC_TOKEN_SOURCES,
  anthropicUpstreamHeaders,
  MESSAGES_PATH,
  readAnthropicEnvelope,
  readAnthropicHeaders,
} from './anthropic-wire.ts';
import { withModelMember } from '../json-model-member.ts';

/** The Anthropic Messages format (`POST /v1/messages`), on either side of the hub. */
export const anthropicCodec: FormatCodec = {
  format: 'anthropic',
  marker: FORMAT_MARKER.anthropic,
  pathPrefixes: ['/v1/'],
  served: [MESSAGES_PATH],
  framing: SSE_FRAMING,
  matchPath: (pathname) => (pathname === MESSAGES_PATH ? {} : undefined),
  ownsPath: (pathname) => pathname.startsWith(MESSAGES_PATH),
  tokenSources: ANTHROPIC_TOKEN_SOURCES,
  corsHeaders: ANTHROPIC_CORS_HEADERS,
  readEnvelope: readAnthropicEnvelope,
  discovery: ANTHROPIC_DISCOVERY,
  tokenCounting: ANTHROPIC_TOKEN_COUNTING,
  upstreamHeaders: anthropicUpstreamHeaders,
  readHeaders: readAnthropicHeaders,
  newResponseId: () => newId('msg_'),
  errorBody: (error) => anthropicErrorBody(error),
  errorStatus: anthropicErrorStatus,
  streamError: (error) => anthropicStreamError(error),
  // The stream flag is in the body.
  upstreamPath: () => MESSAGES_PATH,
  withModel: withModelMember,
  decodeRequest: (body, ctx) => anthropicRequestToCanonical(body, ctx),
  encodeRequest: canonicalToAnthropicRequest,
  decodeResponse: anthropicResponseToCanonical,
  encodeResponse: canonicalToAnthropicResponse,
  createStreamDecoder: createAnthropicStreamDecoder,
  createStreamEncoder: createAnthropicStreamEncoder,
  decodeError: decodeAnthropicError,
};
