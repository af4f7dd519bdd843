import { FORMAT_MARKER } from '../../../../shared/wire-formats.ts';
import { SSE_FRAMING } from '../framing/sse-framing.ts';
import type { FormatCodec } from '../../canonical/format-codec.ts';
import { OPENAI_CORS_HEADERS } from '../chat/chat-wire.ts';
import { OPENAI_DISCOVERY } from '../openai-discovery.ts';
import { openAiErrorBody } from '../openai-error-body.ts';
import { decodeOpenAiError } from '../openai-error-decode.ts';
import { canonicalToResponsesRequest } from './canonical-to-responses-request.ts';
import { canonicalToResponsesResponse } from './canonical-to-responses-response.ts';
import { responsesRequestToCanonical } from './responses-request-to-canonical.ts';
import { responsesResponseToCanonical } from './responses-response-to-canonical.ts';
import { createResponsesStreamDecoder } from './responses-stream-decoder.ts';
import { createResponsesStreamEncoder } from './responses-stream-encoder.ts';
import { responsesStreamError } from './responses-stream-error.ts';
import {
  newResponsesId,
  readResponsesEnvelope,
  RESPONSES_KEPT_ANSWERS,
  RESPONSES_PATH,
} from './responses-wire.ts';
import { withModelMember } from '../json-model-member.ts';

/** The OpenAI responses format (`POST /v1/responses`), on the client side and the upstream side. */
export const responsesCodec: FormatCodec = {
  format: 'responses',
  marker: FORMAT_MARKER.responses,
  pathPrefixes: ['/v1/'],
  served: [RESPONSES_PATH],
  framing: SSE_FRAMING,
  matchPath: (pathname) => (pathname === RESPONSES_PATH ? {} : undefined),
  ownsPath: (pathname) => pathname.startsWith(RESPONSES_PATH),
  tokenSources: [],
  corsHeaders: OPENAI_CORS_HEADERS,
  readEnvelope: readResponsesEnvelope,
  newResponseId: newResponsesId,
  errorBody: openAiErrorBody,
  // No credit left is a 400 here, not OpenAI's 429: Codex CLI, this format's agent, answers a
  // 429 `insufficient_quota` with a fixed "Quota exceeded. Check your plan and billing details."
  // that hides which local token and budget, and when it resets; a 400 stops it just as well and
  // shows the gateway's words (checked with Codex 0.169 in test/integration/real-clients).
  errorStatus: (error) => (error.outOfCredit ? 400 : error.status),
  streamError: responsesStreamError,
  discovery: OPENAI_DISCOVERY,
  keptAnswers: RESPONSES_KEPT_ANSWERS,
  upstreamPath: () => RESPONSES_PATH,
  withModel: withModelMember,
  decodeRequest: (body, ctx) => responsesRequestToCanonical(body, ctx),
  encodeRequest: canonicalToResponsesRequest,
  decodeResponse: responsesResponseToCanonical,
  encodeResponse: canonicalToResponsesResponse,
  createStreamDecoder: createResponsesStreamDecoder,
  createStreamEncoder: createResponsesStreamEncoder,
  decodeError: decodeOpenAiError,
};
