import { z } from 'zod';
import type { PathRequest, RequestEnvelope } from '../../canonical/format-codec.ts';
import { newId } from '../../canonical/ids.ts';
import { isRecord } from '../../canonical/json.ts';
import { checkEnvelope, positiveInteger } from '../check-envelope.ts';

/** The catalog marker of models an upstream serves in Ollama's API (`supported_endpoint_types`). */
export const OLLAMA_MARKER = 'ollama';

/** Ollama's chat path, to clients and on an Ollama-speaking upstream alike. */
export const OLLAMA_CHAT_PATH = '/api/chat';
/** Ollama's single-prompt path (clients only: the upstream side speaks `/api/chat`). */
export const OLLAMA_GENERATE_PATH = '/api/generate';

/** Every Ollama route lives under `/api/`; errors there come in Ollama's shape. */
export const OLLAMA_PATH_PREFIX = '/api/';

export type OllamaEndpoint = 'chat' | 'generate';

/** What an Ollama generation path says: which of the two endpoints it is. */
export interface OllamaPathRequest extends PathRequest {
  endpoint: OllamaEndpoint;
}

/** The envelope of an Ollama request, with the endpoint its path named. */
export interface OllamaRequestEnvelope extends RequestEnvelope {
  endpoint: OllamaEndpoint;
}

/**
 * Headers `ollama-js` sends from a browser page. It always sets `User-Agent`, which Firefox
 * lets a page send and then asks a CORS preflight to allow (Ollama's own server allows it).
 */
export const OLLAMA_CORS_HEADERS: readonly string[] = ['user-agent'];

/** The model and the stream flag are in the body; the path says only which endpoint. */
export function matchOllamaPath(pathname: string): OllamaPathRequest | undefined {
  if (pathname === OLLAMA_CHAT_PATH) return { endpoint: 'chat' };
  if (pathname === OLLAMA_GENERATE_PATH) return { endpoint: 'generate' };
  return undefined;
}

export const ownsOllamaPath = (pathname: string): boolean =>
  pathname.startsWith(OLLAMA_PATH_PREFIX);

/**
 * The endpoint a body was sent to, when only the body is at hand (an answer's encoder sees the
 * client's body, not its path). A translated chat body always holds `messages` (the decoder
 * requires them) and a translated generate body never does (its policy refuses them), so the
 * shape tells them apart exactly.
 */
export const ollamaEndpointOfBody = (body: Record<string, unknown>): OllamaEndpoint =>
  Array.isArray(body.messages) ? 'chat' : 'generate';

const CHAT_ENVELOPE = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.unknown()).nullish(),
  stream: z.boolean().nullish(),
});

const GENERATE_ENVELOPE = z.looseObject({
  model: z.string().min(1),
  prompt: z.string().nullish(),
  stream: z.boolean().nullish(),
});

/**
 * Reads model, stream flag and output cap. Ollama streams unless the body says
 * `"stream": false` (its default is true, and `ollama-js` always writes the flag).
 */
export function readOllamaEnvelope(
  body: Record<string, unknown>,
  path: Partial<OllamaPathRequest>,
): OllamaRequestEnvelope {
  const endpoint = path.endpoint ?? ollamaEndpointOfBody(body);
  checkEnvelope(endpoint === 'chat' ? CHAT_ENVELOPE : GENERATE_ENVELOPE, body);
  const cap = isRecord(body.options) ? positiveInteger(body.options.num_predict) : undefined;
  return {
    model: body.model as string,
    stream: body.stream !== false,
    body,
    endpoint,
    ...(cap === undefined ? {} : { maxOutputTokens: cap }),
  };
}

/** The endpoint an envelope was read for (the body's shape when it came from elsewhere). */
export const ollamaEndpointOf = (envelope: RequestEnvelope): OllamaEndpoint =>
  (envelope as Partial<OllamaRequestEnvelope>).endpoint ?? ollamaEndpointOfBody(envelope.body);

/** Ollama's answers carry no id; this one is the gateway's own, for its log and stores. */
export const newOllamaResponseId = (): string => newId('ollama-');

/**
 * Where an Ollama upstream is asked. A translated request is always a chat (`/api/chat`); a
 * passed-through one goes to the client's own endpoint, which only its envelope knows: the
 * third argument is not in `FormatCodec.upstreamPath` yet (ollama-codec-pending.ts), and without
 * it a generate body would be sent to `/api/chat`.
 */
export const ollamaUpstreamPath = (
  _model: string,
  _stream: boolean,
  envelope?: RequestEnvelope,
): string =>
  envelope !== undefined && ollamaEndpointOf(envelope) === 'generate'
    ? OLLAMA_GENERATE_PATH
    : OLLAMA_CHAT_PATH;
