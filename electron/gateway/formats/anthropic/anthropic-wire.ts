import { z } from 'zod';
import type {
  DiscoveryShape,
  RequestEnvelope,
  RequestHeaders,
  TokenCounting,
  TokenSource,
} from '../../canonical/format-codec.ts';
import { addDropped, type ConversionContext } from '../../canonical/conversion-context.ts';
import type { CatalogModel } from '../../catalog/catalog-model.ts';
import { checkEnvelope, positiveInteger } from '../check-envelope.ts';

/** Where Messages is served, to clients (Claude Code adds `?beta=true`) and by the upstream. */
export const MESSAGES_PATH = '/v1/messages';
const COUNT_TOKENS_PATH = '/v1/messages/count_tokens';

/** The API version sent when the client gave none (a request translated from another format). */
const DEFAULT_VERSION = '2023-06-01';

/** The SDK sends the key as `x-api-key`; Claude Code's `ANTHROPIC_AUTH_TOKEN` goes as Bearer. */
export const ANTHROPIC_TOKEN_SOURCES: readonly TokenSource[] = [{ header: 'x-api-key' }];

/** Headers @anthropic-ai/sdk sends from a browser page (`dangerouslyAllowBrowser`). */
export const ANTHROPIC_CORS_HEADERS = [
  'anthropic-version',
  'anthropic-beta',
  'anthropic-dangerous-direct-browser-access',
];

const ENVELOPE = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.unknown()),
  stream: z.boolean().nullish(),
});

export function readAnthropicEnvelope(body: Record<string, unknown>): RequestEnvelope {
  checkEnvelope(ENVELOPE, body);
  const cap = positiveInteger(body.max_tokens);
  return {
    model: body.model as string,
    stream: body.stream === true,
    body,
    ...(cap === undefined ? {} : { maxOutputTokens: cap }),
  };
}

const header = (headers: RequestHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** A passed-through request keeps the client's version and betas; a translated one gets ours. */
export function anthropicUpstreamHeaders(
  client: RequestHeaders | undefined,
): Record<string, string> {
  const beta = client === undefined ? undefined : header(client, 'anthropic-beta');
  return {
    'anthropic-version': (client && header(client, 'anthropic-version')) || DEFAULT_VERSION,
    ...(beta ? { 'anthropic-beta': beta } : {}),
  };
}

/**
 * Betas switch on Anthropic features (interleaved thinking, 1M context, token-efficient tools, …)
 * that a model reached through another format cannot have; the request goes on without them,
 * each named like a dropped field.
 */
export function readAnthropicHeaders(headers: RequestHeaders, ctx: ConversionContext): void {
  const betas = header(headers, 'anthropic-beta');
  if (!betas) return;
  for (const beta of betas
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean))
    addDropped(ctx, `anthropic-beta:${beta}`, 'anthropic.beta_dropped');
}

/** RFC 3339 from Unix seconds; the epoch when the upstream gave no date, as the API allows. */
const rfc3339 = (seconds: number): string => new Date(seconds * 1000).toISOString();

const anthropicModel = (model: CatalogModel) => ({
  type: 'model',
  id: model.id,
  // Claude Code's /model shows the display name: a route says so, and where it leads.
  display_name: model.routeOf ? `${model.id} (route: ${model.routeOf.join(' → ')})` : model.id,
  created_at: rfc3339(model.created),
  capabilities: null,
  deprecated_at: null,
  lifecycle: 'active',
  line: null,
  max_input_tokens: null,
  max_tokens: null,
  retires_at: null,
});

/** Any generation model can be called with Messages (the gateway translates); others are not offered. */
const generates = (model: CatalogModel): boolean => model.formats.length > 0;

/** Anthropic clients list on `/v1/models` too, and always send `anthropic-version`. */
export const ANTHROPIC_DISCOVERY: DiscoveryShape = {
  ownPaths: [],
  claims: (headers) => header(headers, 'anthropic-version') !== undefined,
  list(models) {
    const data = models.filter(generates).map(anthropicModel);
    return {
      data,
      has_more: false,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    };
  },
  one: (model) => (generates(model) ? anthropicModel(model) : undefined),
};

/** Claude Code asks for a count before long requests. */
export const ANTHROPIC_TOKEN_COUNTING: TokenCounting = {
  matchPath: (pathname) => pathname === COUNT_TOKENS_PATH,
  upstreamPath: COUNT_TOKENS_PATH,
  body: (inputTokens) => ({ input_tokens: inputTokens }),
};
