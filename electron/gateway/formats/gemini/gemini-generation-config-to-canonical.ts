import type {
  CanonicalReasoning,
  CanonicalResponseFormat,
  CanonicalSampling,
  ReasoningEffort,
} from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import {
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalStringArray,
  readObject,
} from './gemini-request-values.ts';
import { geminiSchemaToJsonSchema } from './gemini-schema-to-json-schema.ts';

const WHERE = 'generationConfig';

const POLICY: FieldPolicy = {
  carried: [
    'temperature',
    'topP',
    'topK',
    'maxOutputTokens',
    'stopSequences',
    'candidateCount',
    'seed',
    'presencePenalty',
    'frequencyPenalty',
    'responseMimeType',
    'responseSchema',
    'responseJsonSchema',
    'thinkingConfig',
    // Checked below: only their no-op values pass.
    'responseModalities',
    'responseLogprobs',
  ],
  dropped: { mediaResolution: 'gemini.media_resolution_dropped' },
  refused: {
    speechConfig: 'audio output cannot be produced through another format',
    audioTranscriptionConfig: 'audio transcription cannot be produced through another format',
    imageConfig: 'image output cannot be produced through another format',
    logprobs: 'log probabilities cannot be translated',
    enableEnhancedCivicAnswers: 'a Gemini-only behaviour with no equivalent in another format',
    routingConfig: 'Vertex model routing has no equivalent in another format',
    modelSelectionConfig: 'Vertex model routing has no equivalent in another format',
    audioTimestamp: 'audio input cannot be translated',
  },
};

const THINKING_POLICY: FieldPolicy = {
  carried: ['thinkingBudget', 'thinkingLevel', 'includeThoughts'],
  dropped: {},
  refused: {},
};

const THINKING_LEVELS: Record<string, ReasoningEffort> = {
  MINIMAL: 'minimal',
  LOW: 'low',
  MEDIUM: 'medium',
  HIGH: 'high',
};

export interface GenerationSettings {
  sampling: CanonicalSampling;
  responseFormat?: CanonicalResponseFormat;
  reasoning?: CanonicalReasoning;
}

/** `generationConfig` → canonical sampling, response format and reasoning. */
export function geminiGenerationConfigToCanonical(
  value: unknown,
  ctx: ConversionContext,
): GenerationSettings {
  if (value === undefined || value === null) return { sampling: {} };
  const config = readObject(value, WHERE);
  refuseNonTextOutput(config);
  applyFieldPolicy(config, POLICY, ctx, WHERE);

  const candidateCount = optionalNumber(config.candidateCount, `${WHERE}.candidateCount`);
  if (candidateCount !== undefined && candidateCount > 1) {
    throw badRequest(
      `'${WHERE}.candidateCount' cannot be translated: only one candidate can be produced through another format.`,
      `${WHERE}.candidateCount`,
      'unsupported_parameter',
    );
  }

  const sampling: CanonicalSampling = {};
  const number = (field: keyof CanonicalSampling, source: string) => {
    const read = optionalNumber(config[source], `${WHERE}.${source}`);
    if (read !== undefined) (sampling as Record<string, unknown>)[field] = read;
  };
  number('temperature', 'temperature');
  number('topP', 'topP');
  number('topK', 'topK');
  number('maxOutputTokens', 'maxOutputTokens');
  number('seed', 'seed');
  number('presencePenalty', 'presencePenalty');
  number('frequencyPenalty', 'frequencyPenalty');
  const stop = optionalStringArray(config.stopSequences, `${WHERE}.stopSequences`);
  if (stop !== undefined && stop.length > 0) sampling.stop = stop;

  const responseFormat = readResponseFormat(config, ctx);
  const reasoning = readThinkingConfig(config.thinkingConfig, ctx);
  return {
    sampling,
    ...(responseFormat ? { responseFormat } : {}),
    ...(reasoning ? { reasoning } : {}),
  };
}

function refuseNonTextOutput(config: Record<string, unknown>): void {
  const modalities = optionalStringArray(config.responseModalities, `${WHERE}.responseModalities`);
  if (modalities !== undefined && modalities.some((m) => m.toUpperCase() !== 'TEXT')) {
    throw badRequest(
      `'${WHERE}.responseModalities' cannot be translated: only TEXT output can be produced through another format.`,
      `${WHERE}.responseModalities`,
      'unsupported_parameter',
    );
  }
  if (optionalBoolean(config.responseLogprobs, `${WHERE}.responseLogprobs`) === true) {
    throw badRequest(
      `'${WHERE}.responseLogprobs' cannot be translated: log probabilities cannot be translated.`,
      `${WHERE}.responseLogprobs`,
      'unsupported_parameter',
    );
  }
}

function readResponseFormat(
  config: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalResponseFormat | undefined {
  const mime = optionalString(config.responseMimeType, `${WHERE}.responseMimeType`);
  const hasOpenApi = config.responseSchema !== undefined && config.responseSchema !== null;
  const hasJson = config.responseJsonSchema !== undefined && config.responseJsonSchema !== null;
  if (hasOpenApi && hasJson) {
    throw badRequest(
      `'${WHERE}.responseSchema' and '${WHERE}.responseJsonSchema' cannot both be set.`,
      `${WHERE}.responseSchema`,
    );
  }
  if ((hasOpenApi || hasJson) && mime !== 'application/json') {
    const param = `${WHERE}.${hasOpenApi ? 'responseSchema' : 'responseJsonSchema'}`;
    throw badRequest(`'${param}' requires responseMimeType 'application/json'.`, param);
  }
  if (mime === undefined) return undefined;
  if (mime === 'text/plain') return { type: 'text' };
  if (mime !== 'application/json') {
    throw badRequest(
      `'${WHERE}.responseMimeType' cannot be translated: only 'application/json' and 'text/plain' have an equivalent in another format.`,
      `${WHERE}.responseMimeType`,
      'unsupported_parameter',
    );
  }
  if (hasJson) {
    if (!isRecord(config.responseJsonSchema)) {
      throw badRequest(
        `Invalid field '${WHERE}.responseJsonSchema': expected a schema object.`,
        `${WHERE}.responseJsonSchema`,
      );
    }
    return { type: 'json-schema', schema: config.responseJsonSchema };
  }
  if (hasOpenApi) {
    addRule(ctx, 'gemini.schema_openapi_to_json_schema');
    return {
      type: 'json-schema',
      schema: geminiSchemaToJsonSchema(config.responseSchema, `${WHERE}.responseSchema`),
    };
  }
  return { type: 'json' };
}

function readThinkingConfig(
  value: unknown,
  ctx: ConversionContext,
): CanonicalReasoning | undefined {
  if (value === undefined || value === null) return undefined;
  const where = `${WHERE}.thinkingConfig`;
  const thinking = readObject(value, where);
  applyFieldPolicy(thinking, THINKING_POLICY, ctx, where);
  const reasoning: CanonicalReasoning = {};
  const budget = optionalNumber(thinking.thinkingBudget, `${where}.thinkingBudget`);
  if (budget !== undefined) reasoning.budgetTokens = budget;
  const level = optionalString(thinking.thinkingLevel, `${where}.thinkingLevel`);
  if (level !== undefined && level !== 'THINKING_LEVEL_UNSPECIFIED') {
    const effort = THINKING_LEVELS[level.toUpperCase()];
    if (effort === undefined) {
      throw badRequest(
        `Invalid field '${where}.thinkingLevel': expected MINIMAL, LOW, MEDIUM or HIGH.`,
        `${where}.thinkingLevel`,
      );
    }
    reasoning.effort = effort;
  }
  const include = optionalBoolean(thinking.includeThoughts, `${where}.includeThoughts`);
  if (include !== undefined) reasoning.includeThoughts = include;
  return Object.keys(reasoning).length > 0 ? reasoning : undefined;
}
