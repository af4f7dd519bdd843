import type {
  CanonicalResponseFormat,
  CanonicalTool,
  CanonicalToolChoice,
} from '../../canonical/canonical-request.ts';

/**
 * Function tools in the flat responses shape. `strict` is always sent: chat's default is
 * non-strict and schemas from Gemini rarely meet strict mode's rules.
 */
export function canonicalToResponsesTools(tools: CanonicalTool[]): Record<string, unknown>[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: tool.parameters ?? { type: 'object', properties: {} },
    strict: tool.strict ?? false,
  }));
}

export function canonicalToResponsesToolChoice(choice: CanonicalToolChoice): unknown {
  switch (choice.type) {
    case 'auto':
    case 'none':
    case 'required':
      return choice.type;
    case 'tool':
      return { type: 'function', name: choice.name };
    case 'allowed':
      return {
        type: 'allowed_tools',
        mode: choice.mode,
        tools: choice.names.map((name) => ({ type: 'function', name })),
      };
  }
}

/** `text.format`, flat: the schema sits beside its name, not nested as in chat. */
export function canonicalToResponsesTextFormat(
  format: CanonicalResponseFormat,
): Record<string, unknown> {
  switch (format.type) {
    case 'text':
      return { type: 'text' };
    case 'json':
      return { type: 'json_object' };
    case 'json-schema':
      return {
        type: 'json_schema',
        // OpenAI requires a name; formats without one (Gemini) get a neutral one.
        name: format.name ?? 'response',
        ...(format.description === undefined ? {} : { description: format.description }),
        schema: format.schema,
        strict: format.strict ?? false,
      };
  }
}
