import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { geminiContentsToCanonical } from './gemini-contents-to-canonical.ts';
import { camelCaseKeys } from './gemini-field-names.ts';
import { geminiGenerationConfigToCanonical } from './gemini-generation-config-to-canonical.ts';
import { optionalString, readArray, readObject } from './gemini-request-values.ts';
import { geminiToolConfigToCanonical } from './gemini-tool-config-to-canonical.ts';
import { geminiToolsToCanonical } from './gemini-tools-to-canonical.ts';

const POLICY: FieldPolicy = {
  // `model` may repeat the path's model (it is a GenerateContentRequest field); the path wins.
  carried: ['model', 'contents', 'systemInstruction', 'generationConfig', 'tools', 'toolConfig'],
  dropped: {
    safetySettings: 'gemini.safety_settings_dropped',
    labels: 'gemini.labels_dropped',
    serviceTier: 'gemini.service_tier_dropped',
    store: 'gemini.store_dropped',
  },
  refused: {
    cachedContent: 'a Gemini context cache cannot be read by another format',
    continuationToken: 'continuing an earlier Gemini answer has no equivalent in another format',
  },
};

/**
 * A native generateContent body → canonical. The model and the stream flag come from the
 * URL path (`models/{model}:streamGenerateContent`), not from the body.
 */
export function geminiRequestToCanonical(
  rawBody: Record<string, unknown>,
  ctx: ConversionContext,
  nativePath: { model: string; stream: boolean },
): CanonicalRequest {
  const body = camelCaseKeys(rawBody, '');
  applyFieldPolicy(body, POLICY, ctx);

  const system = readSystemInstruction(body.systemInstruction);
  const { sampling, responseFormat, reasoning } = geminiGenerationConfigToCanonical(
    body.generationConfig,
    ctx,
  );
  const tools = geminiToolsToCanonical(body.tools, ctx);
  const toolChoice = geminiToolConfigToCanonical(body.toolConfig, ctx);
  return {
    model: nativePath.model,
    ...(system ? { system } : {}),
    messages: geminiContentsToCanonical(body.contents ?? [], ctx),
    ...(tools ? { tools } : {}),
    ...(toolChoice ? { toolChoice } : {}),
    sampling,
    ...(responseFormat ? { responseFormat } : {}),
    ...(reasoning ? { reasoning } : {}),
    stream: nativePath.stream,
  };
}

/** `systemInstruction` is a Content whose role is ignored; only its text parts can be carried. */
function readSystemInstruction(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const content = readObject(value, 'systemInstruction');
  const texts = readArray(content.parts ?? [], 'systemInstruction.parts').map((raw, i) => {
    const where = `systemInstruction.parts.${i}`;
    const part = readObject(raw, where);
    const extra = Object.keys(part).find((key) => key !== 'text');
    if (extra !== undefined) {
      throw badRequest(
        `'${where}.${extra}' cannot be translated: a system instruction can only hold text.`,
        `${where}.${extra}`,
        'unsupported_parameter',
      );
    }
    return optionalString(part.text, `${where}.text`) ?? '';
  });
  const text = texts.filter((t) => t !== '').join('\n\n');
  return text === '' ? undefined : text;
}
