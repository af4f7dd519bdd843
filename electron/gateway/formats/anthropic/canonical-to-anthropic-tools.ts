import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

export interface EncodedTools {
  tools?: Record<string, unknown>[];
  tool_choice?: Record<string, unknown>;
}

/**
 * Canonical tools and tool choice → `tools` and `tool_choice`. Required is `any`; an allowed
 * subset, which Messages has no form for, is sent as only those tools with `auto` or `any` (rule
 * `anthropic.allowed_tools_filtered`). Parallel calls off is `disable_parallel_tool_use` on the
 * choice (an `auto` choice is added for it when there is none).
 */
export function canonicalToAnthropicTools(
  tools: CanonicalTool[] | undefined,
  choice: CanonicalToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
  ctx: ConversionContext,
): EncodedTools {
  let declared = tools ?? [];
  let toolChoice: Record<string, unknown> | undefined;
  switch (choice?.type) {
    case undefined:
      break;
    case 'auto':
    case 'none':
      toolChoice = { type: choice.type };
      break;
    case 'required':
      toolChoice = { type: 'any' };
      break;
    case 'tool':
      toolChoice = { type: 'tool', name: choice.name };
      break;
    case 'allowed':
      addRule(ctx, 'anthropic.allowed_tools_filtered');
      declared = declared.filter((tool) => choice.names.includes(tool.name));
      toolChoice = { type: choice.mode === 'required' ? 'any' : 'auto' };
      break;
  }
  if (declared.length === 0) {
    // Without tools there is nothing to choose; `none` is what the client meant anyway.
    return toolChoice?.type === 'none' || toolChoice === undefined
      ? {}
      : { tool_choice: toolChoice };
  }
  if (parallelToolCalls === false) {
    toolChoice ??= { type: 'auto' };
    if (toolChoice.type !== 'none') toolChoice.disable_parallel_tool_use = true;
  }
  return {
    tools: declared.map((tool, i) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      input_schema: inputSchema(tool.parameters, `tools.${i}.parameters`),
      ...(tool.strict === undefined ? {} : { strict: tool.strict }),
    })),
    ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
  };
}

/** Messages wants an object schema; one without a type is given `type: object`. */
function inputSchema(
  parameters: Record<string, unknown> | undefined,
  param: string,
): Record<string, unknown> {
  if (parameters === undefined) return { type: 'object', properties: {} };
  if (parameters.type === undefined) return { type: 'object', ...parameters };
  if (parameters.type !== 'object')
    throw badRequest(
      `'${param}' cannot be sent to a Messages model: its input schema must be an object schema.`,
      param,
      'unsupported_parameter',
    );
  return parameters;
}
