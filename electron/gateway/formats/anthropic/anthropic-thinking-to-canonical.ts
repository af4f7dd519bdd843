import type {
  CanonicalReasoning,
  CanonicalResponseFormat,
  ReasoningEffort,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { optionalNumber, optionalRecord, optionalString, requiredString } from '../read-field.ts';
import {
  ANTHROPIC_OUTPUT_CONFIG_POLICY,
  ANTHROPIC_OUTPUT_FORMAT_POLICY,
  ANTHROPIC_THINKING_POLICY,
} from './anthropic-field-policy.ts';

const EFFORTS: readonly string[] = ['low', 'medium', 'high', 'xhigh', 'max'];

export interface DecodedReasoning {
  reasoning?: CanonicalReasoning;
  responseFormat?: CanonicalResponseFormat;
}

/**
 * `thinking`, `output_config` and the beta `output_format` → canonical reasoning and response
 * format. `enabled` gives its budget; `adaptive` and `between_tools` (the model decides how much
 * to think) give `output_config.effort` when set, otherwise a dynamic budget, -1 (rule
 * `anthropic.adaptive_thinking_as_dynamic`); `disabled` is effort `none`. Thought text is asked
 * for unless `display` is `omitted`.
 */
export function anthropicReasoningToCanonical(
  body: Record<string, unknown>,
  ctx: ConversionContext,
): DecodedReasoning {
  const config = optionalRecord(body.output_config, 'output_config');
  if (config !== undefined)
    applyFieldPolicy(config, ANTHROPIC_OUTPUT_CONFIG_POLICY, ctx, 'output_config');
  const effort = readEffort(config?.effort);
  const reasoning: CanonicalReasoning = {};
  const thinking = optionalRecord(body.thinking, 'thinking');
  if (thinking !== undefined) {
    applyFieldPolicy(thinking, ANTHROPIC_THINKING_POLICY, ctx, 'thinking');
    const type = requiredString(thinking.type, 'thinking.type');
    if (type === 'enabled') {
      const budget = optionalNumber(thinking.budget_tokens, 'thinking.budget_tokens');
      if (budget === undefined)
        throw badRequest(
          "Missing required field 'thinking.budget_tokens'.",
          'thinking.budget_tokens',
        );
      reasoning.budgetTokens = budget;
    } else if (type === 'adaptive' || type === 'between_tools') {
      if (effort === undefined) {
        reasoning.budgetTokens = -1;
        addRule(ctx, 'anthropic.adaptive_thinking_as_dynamic');
      }
    } else if (type === 'disabled') {
      reasoning.effort = 'none';
    } else {
      throw badRequest(
        "Invalid 'thinking.type': expected enabled, adaptive, between_tools or disabled.",
        'thinking.type',
      );
    }
    if (type !== 'disabled') {
      const display = optionalString(thinking.display, 'thinking.display');
      reasoning.includeThoughts = display !== 'omitted';
    }
  }
  if (effort !== undefined && reasoning.effort === undefined) reasoning.effort = effort;
  const responseFormat = readFormat(config?.format, body.output_format, ctx);
  return {
    ...(Object.keys(reasoning).length > 0 ? { reasoning } : {}),
    ...(responseFormat === undefined ? {} : { responseFormat }),
  };
}

function readEffort(value: unknown): ReasoningEffort | undefined {
  const effort = optionalString(value, 'output_config.effort');
  if (effort === undefined) return undefined;
  if (!EFFORTS.includes(effort))
    throw badRequest(
      `Invalid 'output_config.effort': expected one of ${EFFORTS.join(', ')}.`,
      'output_config.effort',
    );
  return effort as ReasoningEffort;
}

function readFormat(
  configFormat: unknown,
  betaFormat: unknown,
  ctx: ConversionContext,
): CanonicalResponseFormat | undefined {
  const hasConfig = configFormat !== undefined && configFormat !== null;
  const hasBeta = betaFormat !== undefined && betaFormat !== null;
  if (hasConfig && hasBeta)
    throw badRequest(
      "'output_format' and 'output_config.format' cannot both be set.",
      'output_format',
    );
  if (!hasConfig && !hasBeta) return undefined;
  const param = hasConfig ? 'output_config.format' : 'output_format';
  const format = optionalRecord(hasConfig ? configFormat : betaFormat, param)!;
  applyFieldPolicy(format, ANTHROPIC_OUTPUT_FORMAT_POLICY, ctx, param);
  if (format.type !== 'json_schema')
    throw badRequest(`Invalid '${param}.type': expected json_schema.`, `${param}.type`);
  const schema = optionalRecord(format.schema, `${param}.schema`);
  if (schema === undefined)
    throw badRequest(`Missing required field '${param}.schema'.`, `${param}.schema`);
  return { type: 'json-schema', schema };
}
