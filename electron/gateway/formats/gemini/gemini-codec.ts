import type { FormatCodec } from '../../canonical/format-codec.ts';
import { canonicalToGeminiRequest } from './canonical-to-gemini-request.ts';
import { canonicalToGeminiResponse } from './canonical-to-gemini-response.ts';
import { decodeGeminiError } from './gemini-error-decode.ts';
import { geminiRequestToCanonical } from './gemini-request-to-canonical.ts';
import { geminiResponseToCanonical } from './gemini-response-to-canonical.ts';
import { createGeminiStreamDecoder } from './gemini-stream-decoder.ts';
import { createGeminiStreamEncoder } from './gemini-stream-encoder.ts';

/** The native Gemini generateContent format, on either side of the hub. */
export const geminiCodec: FormatCodec = {
  format: 'gemini',
  decodeRequest: geminiRequestToCanonical,
  encodeRequest: canonicalToGeminiRequest,
  decodeResponse: geminiResponseToCanonical,
  encodeResponse: canonicalToGeminiResponse,
  createStreamDecoder: createGeminiStreamDecoder,
  createStreamEncoder: createGeminiStreamEncoder,
  decodeError: decodeGeminiError,
};
