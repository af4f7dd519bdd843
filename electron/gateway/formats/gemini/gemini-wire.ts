import { z } from 'zod';
import type {
  DiscoveryShape,
  PathRequest,
  RequestEnvelope,
  TokenSource,
} from '../../canonical/format-codec.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { newId } from '../../canonical/ids.ts';
import type { CatalogModel } from '../../catalog/catalog-model.ts';
import { checkEnvelope, positiveInteger } from '../check-envelope.ts';

/** `@google/genai` 3.x calls under `/v1` by default, other clients under `/v1beta`. */
const GENERATE_PATH = /^\/(v1|v1beta)\/models\/(.+):(generateContent|streamGenerateContent)$/;

/** Google clients send the key as `x-goog-api-key` or `?key=`. */
export const GEMINI_TOKEN_SOURCES: readonly TokenSource[] = [
  { header: 'x-goog-api-key' },
  { query: 'key' },
];

const ENVELOPE = z.looseObject({ contents: z.array(z.unknown()) });

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The model and the stream flag are in the path (`models/{model}:streamGenerateContent`). */
export function matchGeminiPath(
  pathname: string,
  query: URLSearchParams,
): PathRequest | GatewayError | undefined {
  const match = GENERATE_PATH.exec(pathname);
  if (!match) return undefined;
  const model = decoded(match[2] ?? '')?.replace(/^models\//, '');
  if (!model)
    return new GatewayError(400, 'The model in the path is not valid.', { code: 'invalid_model' });
  const stream = match[3] === 'streamGenerateContent';
  if (stream && query.get('alt') !== 'sse')
    return new GatewayError(
      400,
      'streamGenerateContent is served as server-sent events only: add ?alt=sse.',
      { code: 'invalid_argument', param: 'alt' },
    );
  return { model, stream };
}

export const ownsGeminiPath = (pathname: string): boolean =>
  pathname.startsWith('/v1beta') || /:(stream)?generateContent/.test(pathname);

export function readGeminiEnvelope(
  body: Record<string, unknown>,
  path: PathRequest,
): RequestEnvelope {
  checkEnvelope(ENVELOPE, body);
  const config = body.generationConfig;
  const cap =
    typeof config === 'object' && config !== null
      ? positiveInteger((config as Record<string, unknown>).maxOutputTokens)
      : undefined;
  return {
    model: path.model ?? '',
    stream: path.stream === true,
    body,
    ...(cap === undefined ? {} : { maxOutputTokens: cap }),
  };
}

/** Google's responses carry a bare id. */
export const newGeminiResponseId = (): string => newId('');

/** The upstream serves native generation under v1beta only. */
export const geminiUpstreamPath = (model: string, stream: boolean): string =>
  `/v1beta/models/${encodeURIComponent(model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;

/** Gemini `Model` resource. */
const geminiModel = (model: CatalogModel) => ({
  name: `models/${model.id}`,
  baseModelId: model.id,
  version: '001',
  displayName: model.routeOf ? `${model.id} (route)` : model.id,
  description: model.routeOf
    ? `A route of the local gateway: ${model.routeOf.join(', then ')}`
    : `${model.id} through the local gateway`,
  supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
});

/** Any generation model can be called natively (the gateway translates); others are not offered. */
const generates = (model: CatalogModel): boolean => model.formats.length > 0;

/**
 * Google clients list on `/v1beta/models`, and `@google/genai` 3.x on `/v1/models` too, where
 * the Google way of sending the key tells them from OpenAI clients.
 */
export const GEMINI_DISCOVERY: DiscoveryShape = {
  ownPaths: ['/v1beta/models'],
  claims: (_headers, via) => via !== 'bearer' && GEMINI_TOKEN_SOURCES.includes(via),
  list: (models) => ({ models: models.filter(generates).map(geminiModel) }),
  one: (model) => (generates(model) ? geminiModel(model) : undefined),
};
