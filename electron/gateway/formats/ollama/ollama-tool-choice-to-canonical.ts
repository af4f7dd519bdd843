import type { CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { isRecord } from '../../canonical/json.ts';
import { optionalRecord, optionalString } from '../read-field.ts';

const invalid = () =>
  badRequest(
    "Invalid 'tool_choice': expected auto, none, required or a function named by {type: 'function', name}.",
    'tool_choice',
  );

/**
 * `tool_choice` on `/api/chat`. Ollama's API has no such field (its server ignores it), but
 * ollama-ai-provider-v2, the Vercel AI SDK's Ollama provider, sends it with every request that
 * declares tools: `"auto"` unless the caller chose `"none"`, `"required"` or
 * `{type: "function", name}`. Every other format has a tool choice, so it is carried (OpenAI's
 * `{type: "function", function: {name}}` is read too) instead of refusing the provider's every
 * tool request.
 */
export function ollamaToolChoiceToCanonical(value: unknown): CanonicalToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'auto' || value === 'none' || value === 'required') return { type: value };
  if (!isRecord(value) || value.type !== 'function') throw invalid();
  const name =
    optionalString(value.name, 'tool_choice.name') ??
    optionalString(
      optionalRecord(value.function, 'tool_choice.function')?.name,
      'tool_choice.function.name',
    );
  if (!name) throw invalid();
  return { type: 'tool', name };
}
