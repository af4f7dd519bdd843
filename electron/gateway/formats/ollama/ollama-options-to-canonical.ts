import type { CanonicalSampling } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalNumber, optionalRecord } from '../read-field.ts';
import { OLLAMA_OPTIONS_POLICY } from './ollama-field-policy.ts';

/**
 * `options` as canonical sampling. `num_predict` is the output cap: -1 (unlimited) and -2 (fill
 * the context) are no cap at all, which is what a hosted model does by default.
 */
export function ollamaOptionsToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalSampling {
  const options = optionalRecord(value, 'options');
  if (options === undefined) return {};
  applyFieldPolicy(options, OLLAMA_OPTIONS_POLICY, ctx, 'options');
  const values: CanonicalSampling = {
    temperature: optionalNumber(options.temperature, 'options.temperature'),
    topP: optionalNumber(options.top_p, 'options.top_p'),
    topK: optionalNumber(options.top_k, 'options.top_k'),
    maxOutputTokens: outputCap(options.num_predict),
    stop: stopSequences(options.stop),
    seed: optionalNumber(options.seed, 'options.seed'),
    presencePenalty: optionalNumber(options.presence_penalty, 'options.presence_penalty'),
    frequencyPenalty: optionalNumber(options.frequency_penalty, 'options.frequency_penalty'),
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as CanonicalSampling;
}

function outputCap(value: unknown): number | undefined {
  const cap = optionalNumber(value, 'options.num_predict');
  if (cap === undefined || cap === -1 || cap === -2) return undefined;
  if (Number.isInteger(cap) && cap > 0) return cap;
  throw badRequest(
    "Invalid 'options.num_predict': expected a positive integer, -1 (no limit) or -2 (fill the context).",
    'options.num_predict',
  );
}

/** Ollama takes a list; a lone string is read as a list of one. */
export function stopSequences(value: unknown, param = 'options.stop'): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((stop) => typeof stop !== 'string'))
    throw badRequest(`Invalid '${param}': expected an array of strings.`, param, 'invalid_type');
  return list.length > 0 ? (list as string[]) : undefined;
}
