import type { CanonicalTool, CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

/** Gemini's rule for function names. */
const FUNCTION_NAME = /^[a-zA-Z0-9_.:-]{1,128}$/;

/** Canonical tools → `tools:[{functionDeclarations}]`, the JSON Schema sent verbatim. */
export function canonicalToGeminiTools(
  tools: CanonicalTool[] | undefined,
  ctx: ConversionContext,
): Record<string, unknown>[] | undefined {
  if (tools === undefined || tools.length === 0) return undefined;
  const declarations = tools.map((tool, i) => {
    if (!FUNCTION_NAME.test(tool.name)) {
      throw badRequest(
        `Tool name '${tool.name}' cannot be sent to a native-format model: names use letters, digits, '_', '.', ':' and '-', at most 128 characters.`,
        `tools.${i}.name`,
      );
    }
    // Gemini has no strict switch; it always constrains calls to the declared schema.
    if (tool.strict === true) addRule(ctx, 'gemini.tool_strict_dropped');
    return {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(tool.parameters === undefined ? {} : { parametersJsonSchema: tool.parameters }),
    };
  });
  return [{ functionDeclarations: declarations }];
}

/** Canonical tool choice → `toolConfig.functionCallingConfig`. */
export function canonicalToGeminiToolConfig(
  choice: CanonicalToolChoice | undefined,
): Record<string, unknown> | undefined {
  if (choice === undefined) return undefined;
  const config = (mode: string, names?: string[]) => ({
    functionCallingConfig: { mode, ...(names ? { allowedFunctionNames: names } : {}) },
  });
  switch (choice.type) {
    case 'auto':
      return config('AUTO');
    case 'none':
      return config('NONE');
    case 'required':
      return config('ANY');
    case 'tool':
      return config('ANY', [choice.name]);
    case 'allowed':
      // Gemini reads allowedFunctionNames only with ANY (must call one) or VALIDATED (text or
      // one of these); under AUTO it would ignore the list and call any declared function.
      return config(choice.mode === 'required' ? 'ANY' : 'VALIDATED', choice.names);
  }
}
