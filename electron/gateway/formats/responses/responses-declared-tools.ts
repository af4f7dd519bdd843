import type { CanonicalTool, DeclaredTool } from '../../canonical/canonical-request.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';

/**
 * Responses tools that other formats know only as plain functions: functions grouped in a
 * `namespace`, and free-form `custom` tools. Both are run by the client, so they are carried as
 * functions and their calls are given back in the shape the client declared.
 */

/** Chat function names allow `[a-zA-Z0-9_-]` only, so a namespace joins its function with `__`. */
export const flatToolName = (namespace: string | undefined, name: string): string =>
  namespace === undefined ? name : `${namespace}__${name}`;

/** The one argument a custom tool's free-form text travels in. */
const CUSTOM_TOOL_INPUT = 'input';

export const CUSTOM_TOOL_PARAMETERS: Record<string, unknown> = {
  type: 'object',
  properties: {
    [CUSTOM_TOOL_INPUT]: { type: 'string', description: 'The tool input, as free-form text.' },
  },
  required: [CUSTOM_TOOL_INPUT],
  additionalProperties: false,
};

/** A custom tool call's text as function arguments. */
export const customInputToArguments = (input: string): string =>
  JSON.stringify({ [CUSTOM_TOOL_INPUT]: input });

/**
 * Function arguments back to a custom tool's text. A model that answered with something other
 * than the expected object still gets its text through rather than losing the call.
 */
export function argumentsToCustomInput(args: string): string {
  const parsed = tryParseJson(args);
  if (isRecord(parsed) && typeof parsed[CUSTOM_TOOL_INPUT] === 'string')
    return parsed[CUSTOM_TOOL_INPUT];
  return args;
}

/** How the client declared the tool a call names, when it was not a plain top-level function. */
export function declaredToolOf(
  tools: readonly CanonicalTool[] | undefined,
  name: string,
): DeclaredTool | undefined {
  return tools?.find((tool) => tool.name === name)?.declared;
}
