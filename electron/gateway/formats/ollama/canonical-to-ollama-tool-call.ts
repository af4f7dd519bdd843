import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';

/**
 * A canonical call as Ollama writes it in an answer: its id, and `function` with the call's
 * position, name and arguments as an object (Ollama's `arguments` is parsed JSON, never text).
 * Undefined when the arguments are not a JSON object, which Ollama has no way to carry.
 */
export function ollamaToolCall(
  id: string,
  name: string,
  argumentsText: string,
  index: number,
): Record<string, unknown> | undefined {
  const args = argumentsText.trim() === '' ? {} : tryParseJson(argumentsText);
  if (!isRecord(args)) return undefined;
  return { id, function: { index, name, arguments: args } };
}

export const invalidOllamaCallError = (name: string): GatewayError =>
  new GatewayError(
    502,
    `The upstream called '${name}' with arguments that are not a JSON object, which an Ollama client cannot read.`,
    { code: 'upstream_invalid_response' },
  );
