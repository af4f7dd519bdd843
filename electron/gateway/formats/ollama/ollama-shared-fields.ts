import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { optionalBoolean, optionalNumber } from '../read-field.ts';
import { OLLAMA_REFUSED_VALUES } from './ollama-field-policy.ts';
import { ollamaFormatToCanonical } from './ollama-format-to-canonical.ts';
import { ollamaOptionsToCanonical } from './ollama-options-to-canonical.ts';
import { ollamaThinkToCanonical } from './map-ollama-think.ts';

export const refuseOllamaField = (param: string, reason: string) =>
  badRequest(`'${param}' cannot be translated: ${reason}`, param, 'unsupported_parameter');

/** The fields `/api/chat` and `/api/generate` share, as canonical. */
export type SharedFields = Pick<
  CanonicalRequest,
  'sampling' | 'responseFormat' | 'reasoning' | 'stream'
>;

/**
 * `stream` (absent means streamed, Ollama's default), `format`, `think` and `options`; and
 * `logprobs` / `top_logprobs`, carried only when they ask for nothing.
 */
export function ollamaSharedFields(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): SharedFields {
  if (optionalBoolean(body.logprobs, 'logprobs'))
    throw refuseOllamaField('logprobs', OLLAMA_REFUSED_VALUES.logprobs);
  const top = optionalNumber(body.top_logprobs, 'top_logprobs');
  if (top !== undefined && top !== 0)
    throw refuseOllamaField('top_logprobs', OLLAMA_REFUSED_VALUES.topLogprobs);
  const responseFormat = ollamaFormatToCanonical(body.format);
  const reasoning = ollamaThinkToCanonical(body.think, ctx);
  return {
    sampling: ollamaOptionsToCanonical(body.options, ctx),
    ...(responseFormat === undefined ? {} : { responseFormat }),
    ...(reasoning === undefined ? {} : { reasoning }),
    stream: optionalBoolean(body.stream, 'stream') ?? true,
  };
}
