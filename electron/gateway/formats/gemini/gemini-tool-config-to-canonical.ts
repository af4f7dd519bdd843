import type { CanonicalToolChoice } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { optionalString, optionalStringArray, readObject } from './gemini-request-values.ts';

const CONFIG_POLICY: FieldPolicy = {
  carried: ['functionCallingConfig'],
  // Settings of hosted tools (Maps / Search location hints, showing their invocations); the
  // hosted tools themselves are dropped, so these have nothing left to act on.
  dropped: {
    retrievalConfig: 'gemini.retrieval_config_dropped',
    includeServerSideToolInvocations: 'gemini.hosted_tool_dropped',
  },
  refused: {},
};

const CALLING_POLICY: FieldPolicy = {
  carried: ['mode', 'allowedFunctionNames'],
  // A Vertex delivery hint; calls still arrive, whole.
  dropped: { streamFunctionCallArguments: 'gemini.stream_function_call_arguments_dropped' },
  refused: {},
};

/**
 * `toolConfig.functionCallingConfig` → canonical tool choice. VALIDATED
 * (calls or text, with calls checked against the schema) has no equivalent and becomes auto.
 */
export function geminiToolConfigToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  const config = readObject(value, 'toolConfig');
  applyFieldPolicy(config, CONFIG_POLICY, ctx, 'toolConfig');
  if (config.functionCallingConfig === undefined || config.functionCallingConfig === null)
    return undefined;
  const where = 'toolConfig.functionCallingConfig';
  const calling = readObject(config.functionCallingConfig, where);
  applyFieldPolicy(calling, CALLING_POLICY, ctx, where);
  const rawMode = optionalString(calling.mode, `${where}.mode`);
  const names =
    optionalStringArray(calling.allowedFunctionNames, `${where}.allowedFunctionNames`) ?? [];
  const mode =
    rawMode === undefined || rawMode === 'MODE_UNSPECIFIED' ? 'AUTO' : rawMode.toUpperCase();

  switch (mode) {
    case 'NONE':
      return { type: 'none' };
    case 'ANY':
      if (names.length === 1 && names[0] !== undefined) return { type: 'tool', name: names[0] };
      if (names.length > 1) return { type: 'allowed', mode: 'required', names };
      return { type: 'required' };
    case 'VALIDATED':
      addRule(ctx, 'gemini.validated_mode_as_auto');
      return names.length > 0 ? { type: 'allowed', mode: 'auto', names } : { type: 'auto' };
    case 'AUTO':
      return names.length > 0 ? { type: 'allowed', mode: 'auto', names } : { type: 'auto' };
    default:
      throw badRequest(
        `Invalid field '${where}.mode': expected AUTO, ANY, NONE or VALIDATED.`,
        `${where}.mode`,
      );
  }
}
