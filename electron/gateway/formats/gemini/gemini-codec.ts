import { FORMAT_MARKER } from '../../../../shared/wire-formats.ts';
import { SSE_FRAMING } from '../framing/sse-framing.ts';
import type { FormatCodec } from '../../canonical/format-codec.ts';
import { canonicalToGeminiRequest } from './canonical-to-gemini-request.ts';
import { canonicalToGeminiResponse } from './canonical-to-gemini-response.ts';
import { geminiErrorBody } from './gemini-error-body.ts';
import { decodeGeminiError } from './gemini-error-decode.ts';
import { geminiRequestToCanonical } from './gemini-request-to-canonical.ts';
import { geminiResponseToCanonical } from './gemini-response-to-canonical.ts';
import { createGeminiStreamDecoder } from './gemini-stream-decoder.ts';
import { createGeminiStreamEncoder } from './gemini-stream-encoder.ts';
import { geminiStreamError } from './gemini-stream-error.ts';
import {
  GEMINI_DISCOVERY,
  GEMINI_TOKEN_SOURCES,
  geminiUpstreamPath,
  matchGeminiPath,
  newGeminiResponseId,
  ownsGeminiPath,
  readGeminiEnvelope,
} from './gemini-wire.ts';

/** The native Gemini generateContent format, on either side of the hub. */
export const geminiCodec: FormatCodec = {
  format: 'gemini',
  marker: FORMAT_MARKER.gemini,
  // Google's clients call under /v1beta, @google/genai 3.x under /v1.
  pathPrefixes: ['/v1beta/', '/v1/'],
  served: ['/v1beta/models/{model}:generateContent'],
  framing: SSE_FRAMING,
  matchPath: matchGeminiPath,
  ownsPath: ownsGeminiPath,
  tokenSources: GEMINI_TOKEN_SOURCES,
  corsHeaders: ['x-goog-api-key', 'x-goog-api-client'],
  readEnvelope: readGeminiEnvelope,
  newResponseId: newGeminiResponseId,
  errorBody: geminiErrorBody,
  streamError: geminiStreamError,
  discovery: GEMINI_DISCOVERY,
  upstreamPath: geminiUpstreamPath,
  // The model is in the path, which upstreamPath writes.
  withModel: (raw) => raw,
  decodeRequest: (body, ctx, envelope) => geminiRequestToCanonical(body, ctx, envelope),
  encodeRequest: canonicalToGeminiRequest,
  decodeResponse: geminiResponseToCanonical,
  encodeResponse: canonicalToGeminiResponse,
  createStreamDecoder: createGeminiStreamDecoder,
  createStreamEncoder: createGeminiStreamEncoder,
  decodeError: decodeGeminiError,
};
