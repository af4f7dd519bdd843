import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { CHAT_FUNCTION_POLICY, CHAT_TOOL_POLICY } from './chat-field-policy.ts';
import {
  optionalArray,
  optionalBoolean,
  optionalRecord,
  optionalString,
  requiredRecord,
  requiredString,
} from '../read-field.ts';

const onlyFunctions = (param: string) =>
  badRequest(
    `'${param}' cannot be translated: only function tools are supported (custom tools have no equivalent).`,
    param,
    'unsupported_parameter',
  );

/** Chat `tools` (function tools only) as canonical tools. */
export function chatToolsToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalTool[] | undefined {
  const tools = optionalArray(value, 'tools');
  if (tools === undefined) return undefined;
  return tools.map((tool, index) => {
    const param = `tools.${index}`;
    const record = requiredRecord(tool, param);
    if (record.type !== 'function') throw onlyFunctions(`${param}.type`);
    applyFieldPolicy(record, CHAT_TOOL_POLICY, ctx, param);
    const fn = requiredRecord(record.function, `${param}.function`);
    applyFieldPolicy(fn, CHAT_FUNCTION_POLICY, ctx, `${param}.function`);
    const description = optionalString(fn.description, `${param}.function.description`);
    const parameters = optionalRecord(fn.parameters, `${param}.function.parameters`);
    const strict = optionalBoolean(fn.strict, `${param}.function.strict`);
    return {
      name: requiredString(fn.name, `${param}.function.name`),
      ...(description === undefined ? {} : { description }),
      ...(parameters === undefined ? {} : { parameters }),
      ...(strict === undefined ? {} : { strict }),
    };
  });
}

/** Chat `tool_choice` as canonical: none / auto / required, a named function, or allowed_tools. */
export function chatToolChoiceToCanonical(value: unknown): CanonicalToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'none' || value === 'auto' || value === 'required') return { type: value };
  if (!isRecord(value))
    throw badRequest(
      "Invalid 'tool_choice': expected none, auto, required or an object.",
      'tool_choice',
    );
  if (value.type === 'function') {
    const fn = requiredRecord(value.function, 'tool_choice.function');
    return { type: 'tool', name: requiredString(fn.name, 'tool_choice.function.name') };
  }
  if (value.type === 'allowed_tools') {
    const allowed = requiredRecord(value.allowed_tools, 'tool_choice.allowed_tools');
    const mode = allowed.mode;
    if (mode !== 'auto' && mode !== 'required')
      throw badRequest(
        "Invalid 'tool_choice.allowed_tools.mode': expected auto or required.",
        'tool_choice.allowed_tools.mode',
      );
    const tools = optionalArray(allowed.tools, 'tool_choice.allowed_tools.tools') ?? [];
    const names = tools.map((tool, index) => {
      const param = `tool_choice.allowed_tools.tools.${index}`;
      const record = requiredRecord(tool, param);
      if (record.type !== 'function') throw onlyFunctions(`${param}.type`);
      return requiredString(
        requiredRecord(record.function, `${param}.function`).name,
        `${param}.function.name`,
      );
    });
    return { type: 'allowed', mode, names };
  }
  throw onlyFunctions('tool_choice.type');
}
