import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import {
  joinPath,
  oneOf,
  optionalBoolean,
  optionalRecord,
  optionalString,
  recordAt,
  refuse,
  requiredString,
  withoutDefaults,
} from './field-readers.ts';

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

function decodeTool(raw: unknown, where: string, ctx: ConversionContext): CanonicalTool {
  const tool = recordAt(raw, where);
  const type = requiredString(tool, 'type', where);
  if (type !== 'function')
    throw refuse(where, `the built-in tool '${type}' runs inside OpenAI and has no equivalent`);
  applyFieldPolicy(
    withoutDefaults(tool, { defer_loading: false, async: false }),
    FUNCTION_TOOL_POLICY,
    ctx,
    where,
  );
  const description = optionalString(tool, 'description', where);
  const parameters = optionalRecord(tool, 'parameters', where);
  const strict = optionalBoolean(tool, 'strict', where);
  return {
    name: requiredString(tool, 'name', where),
    ...(description === undefined ? {} : { description }),
    ...(parameters === undefined ? {} : { parameters }),
    ...(strict === undefined ? {} : { strict }),
  };
}

/** Function tools (flat shape); built-in tools run inside OpenAI and are refused. */
export function responsesToolsToCanonical(
  tools: unknown[],
  ctx: ConversionContext,
): CanonicalTool[] {
  return tools.map((tool, index) => decodeTool(tool, joinPath('tools', index), ctx));
}

const MODES = ['auto', 'required'] as const;

/** `none` / `auto` / `required`, a forced function, or an allowed subset. */
export function responsesToolChoiceToCanonical(choice: unknown): CanonicalToolChoice {
  if (typeof choice === 'string') {
    const mode = oneOf(choice, ['none', 'auto', 'required'] as const, 'tool_choice');
    return { type: mode };
  }
  const record = recordAt(choice, 'tool_choice');
  const type = requiredString(record, 'type', 'tool_choice');
  if (type === 'function')
    return { type: 'tool', name: requiredString(record, 'name', 'tool_choice') };
  if (type === 'allowed_tools') {
    const mode = oneOf(requiredString(record, 'mode', 'tool_choice'), MODES, 'tool_choice.mode');
    const tools = record.tools;
    if (!Array.isArray(tools)) throw refuse('tool_choice.tools', 'expected a list of tools');
    const names = tools.map((raw, index) => {
      const where = joinPath('tool_choice.tools', index);
      const tool = recordAt(raw, where);
      if (tool.type !== 'function')
        throw refuse(where, 'only function tools can be allowed through the gateway');
      return requiredString(tool, 'name', where);
    });
    return { type: 'allowed', mode, names };
  }
  throw refuse(
    'tool_choice',
    `the tool choice '${type}' names a tool kind other formats do not have`,
  );
}
