import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { addDropped, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import {
  optionalArray,
  optionalBoolean,
  optionalRecord,
  optionalString,
  requiredRecord,
  requiredString,
} from '../read-field.ts';
import { ANTHROPIC_TOOL_CHOICE_POLICY, ANTHROPIC_TOOL_POLICY } from './anthropic-field-policy.ts';

/**
 * Anthropic-defined tools the client runs (bash, text editor, memory, computer and browser
 * toolsets). Their input schemas live inside Claude, not in the request, so no other format's
 * model could be told how to call them: dropped by path, like the tools Anthropic runs itself
 * (web search and fetch, code execution, tool search, advisor, MCP toolsets).
 */
const CLIENT_BUILTIN = /^(bash|text_editor|memory|computer|browser)_/;

export interface DecodedTools {
  tools?: CanonicalTool[];
  /** Names of the Anthropic-defined tools that were dropped. */
  droppedNames: Set<string>;
}

/** `tools` → canonical function tools; Anthropic-defined tools are dropped by path. */
export function anthropicToolsToCanonical(value: unknown, ctx: ConversionContext): DecodedTools {
  const droppedNames = new Set<string>();
  const list = optionalArray(value, 'tools');
  if (list === undefined) return { droppedNames };
  const tools: CanonicalTool[] = [];
  list.forEach((raw, i) => {
    const where = `tools.${i}`;
    const tool = requiredRecord(raw, where);
    const type = optionalString(tool.type, `${where}.type`);
    if (type !== undefined && type !== 'custom') {
      if (typeof tool.name === 'string') droppedNames.add(tool.name);
      const rule = CLIENT_BUILTIN.test(type)
        ? 'anthropic.client_builtin_tool_dropped'
        : 'anthropic.server_tool_dropped';
      addDropped(ctx, where, rule);
      return;
    }
    applyFieldPolicy(tool, ANTHROPIC_TOOL_POLICY, ctx, where);
    const name = requiredString(tool.name, `${where}.name`);
    if (tools.some((t) => t.name === name))
      throw badRequest(`'${where}.name': two tools are named '${name}'.`, `${where}.name`);
    const description = optionalString(tool.description, `${where}.description`);
    const schema = optionalRecord(tool.input_schema, `${where}.input_schema`);
    if (schema === undefined)
      throw badRequest(`Missing required field '${where}.input_schema'.`, `${where}.input_schema`);
    const strict = optionalBoolean(tool.strict, `${where}.strict`);
    tools.push({
      name,
      ...(description === undefined ? {} : { description }),
      parameters: schema,
      ...(strict === undefined ? {} : { strict }),
    });
  });
  return { ...(tools.length > 0 ? { tools } : {}), droppedNames };
}

export interface DecodedToolChoice {
  toolChoice?: CanonicalToolChoice;
  parallelToolCalls?: boolean;
}

/**
 * `tool_choice` → canonical: auto, none, any (must call one: `required`), tool (one named).
 * `disable_parallel_tool_use` is the canonical parallel flag inverted. A choice that forces a
 * dropped Anthropic-defined tool, or any tool when none is left, is refused: the answer would
 * not be the forced call the client relies on.
 */
export function anthropicToolChoiceToCanonical(
  value: unknown,
  decoded: DecodedTools,
  ctx: ConversionContext,
): DecodedToolChoice {
  const choice = optionalRecord(value, 'tool_choice');
  if (choice === undefined) return {};
  applyFieldPolicy(choice, ANTHROPIC_TOOL_CHOICE_POLICY, ctx, 'tool_choice');
  const disable = optionalBoolean(
    choice.disable_parallel_tool_use,
    'tool_choice.disable_parallel_tool_use',
  );
  const parallel = disable === undefined ? {} : { parallelToolCalls: !disable };
  const type = requiredString(choice.type, 'tool_choice.type');
  const forced = (what: string, param: string) =>
    badRequest(
      `'${param}' cannot be translated: it forces ${what}, which Anthropic defines and another format cannot declare.`,
      param,
      'unsupported_parameter',
    );
  switch (type) {
    case 'auto':
      return { toolChoice: { type: 'auto' }, ...parallel };
    case 'none':
      return { toolChoice: { type: 'none' }, ...parallel };
    case 'any':
      if (decoded.tools === undefined && decoded.droppedNames.size > 0)
        throw forced('a call to one of the tools', 'tool_choice');
      return { toolChoice: { type: 'required' }, ...parallel };
    case 'tool': {
      const name = requiredString(choice.name, 'tool_choice.name');
      if (decoded.droppedNames.has(name)) throw forced(`'${name}'`, 'tool_choice.name');
      return { toolChoice: { type: 'tool', name }, ...parallel };
    }
    default:
      throw badRequest(
        "Invalid 'tool_choice.type': expected auto, any, tool or none.",
        'tool_choice.type',
      );
  }
}
