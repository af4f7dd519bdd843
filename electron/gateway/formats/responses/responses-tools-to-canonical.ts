import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { addDropped, addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import {
  invalidValue,
  joinPath,
  oneOf,
  optionalArray,
  optionalBoolean,
  optionalRecord,
  optionalString,
  recordAt,
  refuse,
  requiredString,
  withoutDefaults,
} from './field-readers.ts';
import { CUSTOM_TOOL_PARAMETERS, flatToolName } from './responses-declared-tools.ts';

const FUNCTION_TOOL_POLICY: FieldPolicy = {
  carried: ['type', 'name', 'description', 'parameters', 'strict'],
  dropped: {},
  refused: {
    defer_loading: 'deferred tool loading has no equivalent in other formats',
    allowed_callers: 'programmatic tool callers have no equivalent in other formats',
    async: 'asynchronous tools have no equivalent in other formats',
    output_schema: 'tool output schemas have no equivalent in other formats',
  },
};

const CUSTOM_TOOL_POLICY: FieldPolicy = {
  carried: ['type', 'name', 'description', 'format'],
  dropped: {},
  refused: FUNCTION_TOOL_POLICY.refused,
};

const NAMESPACE_POLICY: FieldPolicy = {
  carried: ['type', 'name', 'description', 'tools'],
  dropped: {},
  refused: {},
};

/** Their defaults change nothing, so a client that spells them out is not refused. */
const NEUTRAL_TOOL_DEFAULTS = { defer_loading: false, async: false };

/**
 * Tools OpenAI runs itself (search, code, images, MCP, computer use). A model reached through
 * another format cannot run them; the client still gets an answer, and the header and the log
 * name the tools that were left out.
 */
const HOSTED_TOOLS = new Set([
  'web_search',
  'web_search_preview',
  'web_search_preview_2025_03_11',
  'web_search_2025_08_26',
  'file_search',
  'code_interpreter',
  'image_generation',
  'mcp',
  'computer',
  'computer_use_preview',
  'tool_search',
  'programmatic_tool_calling',
]);

function describeNamespace(namespace: Record<string, unknown>, description: string | undefined) {
  const group = optionalString(namespace, 'description');
  if (group === undefined || group === '') return description;
  return description === undefined ? group : `${description}\n\n(Part of a tool group: ${group})`;
}

function decodeFunction(
  tool: Record<string, unknown>,
  where: string,
  ctx: ConversionContext,
  namespace?: string,
): CanonicalTool {
  applyFieldPolicy(withoutDefaults(tool, NEUTRAL_TOOL_DEFAULTS), FUNCTION_TOOL_POLICY, ctx, where);
  const name = requiredString(tool, 'name', where);
  const description = optionalString(tool, 'description', where);
  const parameters = optionalRecord(tool, 'parameters', where);
  const strict = optionalBoolean(tool, 'strict', where);
  return {
    name: flatToolName(namespace, name),
    ...(description === undefined ? {} : { description }),
    ...(parameters === undefined ? {} : { parameters }),
    ...(strict === undefined ? {} : { strict }),
    ...(namespace === undefined ? {} : { declared: { kind: 'function', name, namespace } }),
  };
}

/**
 * A custom tool takes free-form text, optionally held to a grammar or a regex. Other formats
 * have no constrained text tools, so it becomes a function with one string argument, and the
 * format's definition is given to the model in the description instead of being enforced.
 */
function decodeCustom(
  tool: Record<string, unknown>,
  where: string,
  ctx: ConversionContext,
  namespace?: string,
): CanonicalTool {
  applyFieldPolicy(withoutDefaults(tool, NEUTRAL_TOOL_DEFAULTS), CUSTOM_TOOL_POLICY, ctx, where);
  const name = requiredString(tool, 'name', where);
  const description = optionalString(tool, 'description', where);
  const format = optionalRecord(tool, 'format', where);
  const constraint = format === undefined ? undefined : customFormatText(format);
  if (constraint !== undefined) addRule(ctx, 'responses.custom_tool_format_described');
  const text = [description, constraint].filter((part) => part !== undefined).join('\n\n');
  return {
    name: flatToolName(namespace, name),
    ...(text === '' ? {} : { description: text }),
    parameters: CUSTOM_TOOL_PARAMETERS,
    declared: { kind: 'custom', name, ...(namespace === undefined ? {} : { namespace }) },
  };
}

function customFormatText(format: Record<string, unknown>): string | undefined {
  if (format.type !== 'grammar') return undefined;
  const syntax = typeof format.syntax === 'string' ? format.syntax : 'grammar';
  const definition = typeof format.definition === 'string' ? format.definition : '';
  return `The input must match this ${syntax} definition:\n${definition}`;
}

function decodeTool(
  raw: unknown,
  where: string,
  ctx: ConversionContext,
  out: CanonicalTool[],
): void {
  const tool = recordAt(raw, where);
  const type = requiredString(tool, 'type', where);
  if (type === 'function') out.push(decodeFunction(tool, where, ctx));
  else if (type === 'custom') out.push(decodeCustom(tool, where, ctx));
  else if (type === 'namespace') decodeNamespace(tool, where, ctx, out);
  else if (HOSTED_TOOLS.has(type)) addDropped(ctx, where, 'responses.hosted_tool_dropped');
  else throw refuse(where, `the tool type '${type}' has no equivalent in other formats`);
}

function decodeNamespace(
  tool: Record<string, unknown>,
  where: string,
  ctx: ConversionContext,
  out: CanonicalTool[],
): void {
  applyFieldPolicy(tool, NAMESPACE_POLICY, ctx, where);
  const namespace = requiredString(tool, 'name', where);
  const inner = optionalArray(tool, 'tools', where) ?? [];
  addRule(ctx, 'responses.namespace_flattened');
  inner.forEach((raw, index) => {
    const at = joinPath(joinPath(where, 'tools'), index);
    const member = recordAt(raw, at);
    const type = requiredString(member, 'type', at);
    const decoded =
      type === 'custom'
        ? decodeCustom(member, at, ctx, namespace)
        : type === 'function'
          ? decodeFunction(member, at, ctx, namespace)
          : undefined;
    if (decoded === undefined)
      throw refuse(at, `a namespace holds function and custom tools, not '${type}'`);
    const description = describeNamespace(tool, decoded.description);
    out.push(description === undefined ? decoded : { ...decoded, description });
  });
}

/**
 * Function tools (flat shape), custom tools and namespaces as canonical functions; tools that
 * run inside OpenAI are dropped.
 */
export function responsesToolsToCanonical(
  tools: unknown[],
  ctx: ConversionContext,
): CanonicalTool[] {
  const out: CanonicalTool[] = [];
  tools.forEach((tool, index) => decodeTool(tool, joinPath('tools', index), ctx, out));
  const seen = new Set<string>();
  for (const tool of out) {
    if (seen.has(tool.name))
      throw invalidValue('tools', `the tool name '${tool.name}' is declared twice.`);
    seen.add(tool.name);
  }
  return out;
}

const MODES = ['auto', 'required'] as const;

/** The canonical name of a function or custom tool a choice names (namespaced ones flattened). */
function chosenName(record: Record<string, unknown>, where: string): string | undefined {
  if (record.type !== 'function' && record.type !== 'custom') return undefined;
  const namespace = optionalString(record, 'namespace', where);
  return flatToolName(namespace, requiredString(record, 'name', where));
}

/** `none` / `auto` / `required`, a forced function or custom tool, or an allowed subset. */
export function responsesToolChoiceToCanonical(choice: unknown): CanonicalToolChoice {
  if (typeof choice === 'string') {
    const mode = oneOf(choice, ['none', 'auto', 'required'] as const, 'tool_choice');
    return { type: mode };
  }
  const record = recordAt(choice, 'tool_choice');
  const type = requiredString(record, 'type', 'tool_choice');
  const forced = chosenName(record, 'tool_choice');
  if (forced !== undefined) return { type: 'tool', name: forced };
  if (type === 'allowed_tools') {
    const mode = oneOf(requiredString(record, 'mode', 'tool_choice'), MODES, 'tool_choice.mode');
    const tools = record.tools;
    if (!Array.isArray(tools)) throw refuse('tool_choice.tools', 'expected a list of tools');
    const names = tools.map((raw, index) => {
      const where = joinPath('tool_choice.tools', index);
      const name = chosenName(recordAt(raw, where), where);
      if (name === undefined)
        throw refuse(where, 'only function and custom tools can be allowed through the gateway');
      return name;
    });
    return { type: 'allowed', mode, names };
  }
  throw refuse(
    'tool_choice',
    `the tool choice '${type}' forces a tool that runs inside OpenAI, which other formats cannot run`,
  );
}
