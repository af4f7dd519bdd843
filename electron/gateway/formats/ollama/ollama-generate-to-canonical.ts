import type {
  CanonicalPart,
  CanonicalRequest,
  CanonicalSampling,
} from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalArray, optionalBoolean, optionalString, requiredString } from '../read-field.ts';
import { OLLAMA_GENERATE_REQUEST_POLICY, OLLAMA_REFUSED_VALUES } from './ollama-field-policy.ts';
import { ollamaImageToCanonical } from './ollama-image-to-canonical.ts';
import { stopSequences } from './ollama-options-to-canonical.ts';
import { ollamaSharedFields, refuseOllamaField } from './ollama-shared-fields.ts';

/**
 * A `POST /api/generate` body as canonical: `system` is the system text, `prompt` and `images`
 * one user turn. What only a local model can honour (its token `context`, fill-in-the-middle
 * `suffix`, a prompt `template`, a `raw` prompt) is carried only when empty or off.
 */
export function ollamaGenerateToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalRequest {
  applyFieldPolicy(body, OLLAMA_GENERATE_REQUEST_POLICY, ctx);
  checkLocalOnlyFields(body);
  const prompt = optionalString(body.prompt, 'prompt') ?? '';
  const images = (optionalArray(body.images, 'images') ?? []).map((image, i) =>
    ollamaImageToCanonical(image, `images.${i}`),
  );
  if (prompt === '' && images.length === 0)
    throw badRequest(
      "'prompt' is empty: a model reached through another format needs something to answer.",
      'prompt',
    );
  const parts: CanonicalPart[] = [...images];
  if (prompt !== '') parts.push({ type: 'text', text: prompt });
  const system = optionalString(body.system, 'system');
  const shared = ollamaSharedFields(body, ctx);
  return {
    model: requiredString(body.model, 'model'),
    ...(system ? { system } : {}),
    messages: [{ role: 'user', parts }],
    ...shared,
    sampling: withTopLevelStop(shared.sampling, body.stop),
  };
}

/**
 * A top-level `stop`, beside `options.stop`. Not Ollama's (its server ignores it), but
 * ollama-ai-provider-v2's completion model sends one on every request (`["\nuser:"]`, the end
 * of the turn its prompt template writes); it is carried with the others, as the client means.
 */
function withTopLevelStop(sampling: CanonicalSampling, value: unknown): CanonicalSampling {
  const extra = stopSequences(value, 'stop');
  if (extra === undefined) return sampling;
  return { ...sampling, stop: [...new Set([...(sampling.stop ?? []), ...extra])] };
}

function checkLocalOnlyFields(body: Record<string, unknown>): void {
  if ((optionalArray(body.context, 'context') ?? []).length > 0)
    throw refuseOllamaField('context', OLLAMA_REFUSED_VALUES.context);
  if (optionalString(body.suffix, 'suffix'))
    throw refuseOllamaField('suffix', OLLAMA_REFUSED_VALUES.suffix);
  if (optionalString(body.template, 'template'))
    throw refuseOllamaField('template', OLLAMA_REFUSED_VALUES.template);
  if (optionalBoolean(body.raw, 'raw')) throw refuseOllamaField('raw', OLLAMA_REFUSED_VALUES.raw);
}
