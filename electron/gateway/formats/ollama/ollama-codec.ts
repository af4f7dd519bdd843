import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import type { FormatCodec, RequestEnvelope } from '../../canonical/format-codec.ts';
import { NDJSON_FRAMING } from '../framing/ndjson-framing.ts';
import { withModelMember } from '../json-model-member.ts';
import { canonicalToOllamaChat } from './canonical-to-ollama-chat.ts';
import { canonicalToOllamaResponse } from './canonical-to-ollama-response.ts';
import { ollamaChatToCanonical } from './ollama-chat-to-canonical.ts';
import { OLLAMA_DISCOVERY } from './ollama-discovery.ts';
import { ollamaErrorBody, ollamaStreamError } from './ollama-error-body.ts';
import { decodeOllamaError } from './ollama-error-decode.ts';
import { answerOllamaLoad, OLLAMA_LOCAL_ROUTES } from './ollama-local-routes.ts';
import { ollamaGenerateToCanonical } from './ollama-generate-to-canonical.ts';
import { ollamaResponseToCanonical } from './ollama-response-to-canonical.ts';
import { createOllamaStreamDecoder } from './ollama-stream-decoder.ts';
import { createOllamaStreamEncoder } from './ollama-stream-encoder.ts';
import {
  matchOllamaPath,
  newOllamaResponseId,
  OLLAMA_CHAT_PATH,
  OLLAMA_CORS_HEADERS,
  OLLAMA_GENERATE_PATH,
  OLLAMA_MARKER,
  OLLAMA_PATH_PREFIX,
  ollamaEndpointOf,
  ollamaUpstreamPath,
  ownsOllamaPath,
  readOllamaEnvelope,
} from './ollama-wire.ts';

/** A client body of either endpoint as canonical; the envelope says which endpoint it was. */
function ollamaRequestToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
  envelope: RequestEnvelope,
): CanonicalRequest {
  return ollamaEndpointOf(envelope) === 'chat'
    ? ollamaChatToCanonical(body, ctx)
    : ollamaGenerateToCanonical(body, ctx);
}

/**
 * Ollama's API (`POST /api/chat`, `POST /api/generate`, and discovery on `/api/tags`), on
 * either side of the hub: its clients (ollama-js, the Ollama CLI, Open WebUI, editors) reach
 * every model of the catalog; a model whose upstream speaks Ollama (marker `ollama`) is asked on
 * `/api/chat`. Streams are newline-delimited JSON, not SSE.
 */
export const ollamaCodec: FormatCodec = {
  format: 'ollama',
  marker: OLLAMA_MARKER,
  pathPrefixes: [OLLAMA_PATH_PREFIX],
  served: [OLLAMA_CHAT_PATH, OLLAMA_GENERATE_PATH],
  framing: NDJSON_FRAMING,
  matchPath: (pathname) => matchOllamaPath(pathname),
  ownsPath: ownsOllamaPath,
  // Ollama clients send `Authorization: Bearer` when given a key (ollama-js `headers`, Open
  // WebUI's connection key); Ollama defines no other place.
  tokenSources: [],
  corsHeaders: OLLAMA_CORS_HEADERS,
  readEnvelope: readOllamaEnvelope,
  newResponseId: newOllamaResponseId,
  errorBody: ollamaErrorBody,
  streamError: (error) => ollamaStreamError(error),
  discovery: OLLAMA_DISCOVERY,
  localRoutes: OLLAMA_LOCAL_ROUTES,
  answerLocally: answerOllamaLoad,
  rootProbe: 'Ollama is running',
  // No `preparePassthrough`: Ollama's last record always carries the counts, so a
  // passed-through stream is metered as it is.
  upstreamPath: ollamaUpstreamPath,
  withModel: withModelMember,
  decodeRequest: ollamaRequestToCanonical,
  encodeRequest: canonicalToOllamaChat,
  decodeResponse: ollamaResponseToCanonical,
  encodeResponse: (response, ctx) => canonicalToOllamaResponse(response, ctx),
  createStreamDecoder: createOllamaStreamDecoder,
  createStreamEncoder: (ctx) => createOllamaStreamEncoder(ctx),
  decodeError: decodeOllamaError,
};
