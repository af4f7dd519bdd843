import type { CanonicalTool } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import {
  optionalArray,
  optionalRecord,
  optionalString,
  requiredRecord,
  requiredString,
} from '../read-field.ts';
import { OLLAMA_FUNCTION_POLICY, OLLAMA_TOOL_POLICY } from './ollama-field-policy.ts';

/**
 * Ollama `tools` (function tools, OpenAI's shape) as canonical tools. The arguments schema is
 * JSON Schema already and goes on as given.
 */
export function ollamaToolsToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalTool[] | undefined {
  const tools = optionalArray(value, 'tools');
  if (tools === undefined || tools.length === 0) return undefined;
  return tools.map((tool, index) => {
    const param = `tools.${index}`;
    const record = requiredRecord(tool, param);
    if (record.type !== 'function')
      throw badRequest(
        `'${param}.type' cannot be translated: only function tools are supported.`,
        `${param}.type`,
        'unsupported_parameter',
      );
    applyFieldPolicy(record, OLLAMA_TOOL_POLICY, ctx, param);
    const fn = requiredRecord(record.function, `${param}.function`);
    applyFieldPolicy(fn, OLLAMA_FUNCTION_POLICY, ctx, `${param}.function`);
    const description = optionalString(fn.description, `${param}.function.description`);
    const parameters = optionalRecord(fn.parameters, `${param}.function.parameters`);
    return {
      name: requiredString(fn.name, `${param}.function.name`),
      ...(description ? { description } : {}),
      ...(parameters === undefined ? {} : { parameters }),
    };
  });
}
