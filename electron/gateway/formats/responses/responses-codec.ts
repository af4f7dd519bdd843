import type { FormatCodec } from '../../canonical/format-codec.ts';
import { decodeOpenAiError } from '../openai-error-decode.ts';
import { canonicalToResponsesRequest } from './canonical-to-responses-request.ts';
import { canonicalToResponsesResponse } from './canonical-to-responses-response.ts';
import { responsesRequestToCanonical } from './responses-request-to-canonical.ts';
import { responsesResponseToCanonical } from './responses-response-to-canonical.ts';
import { createResponsesStreamDecoder } from './responses-stream-decoder.ts';
import { createResponsesStreamEncoder } from './responses-stream-encoder.ts';

/** The OpenAI responses format (`POST /v1/responses`), on the client side and the upstream side. */
export const responsesCodec: FormatCodec = {
  format: 'responses',
  decodeRequest: (body, ctx) => responsesRequestToCanonical(body, ctx),
  encodeRequest: canonicalToResponsesRequest,
  decodeResponse: responsesResponseToCanonical,
  encodeResponse: canonicalToResponsesResponse,
  createStreamDecoder: createResponsesStreamDecoder,
  createStreamEncoder: createResponsesStreamEncoder,
  decodeError: decodeOpenAiError,
};
