import { FORMAT_MARKER } from '../../../../shared/wire-formats.ts';
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

/** The OpenAI responses format (`POST /v1/responses`), on the client side and the upstream side. */
export const responsesCodec: FormatCodec = {
  format: 'responses',
  marker: FORMAT_MARKER.responses,
  matchPath: (pathname) => (pathname === RESPONSES_PATH ? {} : undefined),
  ownsPath: (pathname) => pathname.startsWith(RESPONSES_PATH),
  tokenSources: [],
  corsHeaders: OPENAI_CORS_HEADERS,
  readEnvelope: readResponsesEnvelope,
  newResponseId: newResponsesId,
  errorBody: openAiErrorBody,
  streamError: responsesStreamError,
  discovery: OPENAI_DISCOVERY,
  keptAnswers: RESPONSES_KEPT_ANSWERS,
  upstreamPath: () => RESPONSES_PATH,
  decodeRequest: (body, ctx) => responsesRequestToCanonical(body, ctx),
  encodeRequest: canonicalToResponsesRequest,
  decodeResponse: responsesResponseToCanonical,
  encodeResponse: canonicalToResponsesResponse,
  createStreamDecoder: createResponsesStreamDecoder,
  createStreamEncoder: createResponsesStreamEncoder,
  decodeError: decodeOpenAiError,
};
