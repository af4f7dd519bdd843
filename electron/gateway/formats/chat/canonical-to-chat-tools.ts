import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';

/** Canonical tools as chat function tools (schema nested under `function`). */
export function canonicalToChatTools(tools: readonly CanonicalTool[]): Record<string, unknown>[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
      ...(tool.strict === undefined ? {} : { strict: tool.strict }),
    },
  }));
}

export function canonicalToChatToolChoice(choice: CanonicalToolChoice): unknown {
  switch (choice.type) {
    case 'auto':
    case 'none':
    case 'required':
      return choice.type;
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
    case 'allowed':
      return {
        type: 'allowed_tools',
        allowed_tools: {
          mode: choice.mode,
          tools: choice.names.map((name) => ({ type: 'function', function: { name } })),
        },
      };
  }
}
