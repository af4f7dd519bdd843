import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import { canonicalToGeminiContents } from './canonical-to-gemini-contents.ts';
import { canonicalToGeminiGenerationConfig } from './canonical-to-gemini-generation-config.ts';
import {
  canonicalToGeminiToolConfig,
  canonicalToGeminiTools,
} from './canonical-to-gemini-tools.ts';

/**
 * Canonical → a native generateContent body. The model and the stream flag go in the URL
 * path, not the body.
 */
export function canonicalToGeminiRequest(
  request: CanonicalRequest,
  ctx: ConversionContext,
): Record<string, unknown> {
  const { systemTexts, contents } = canonicalToGeminiContents(
    request.system,
    request.messages,
    ctx,
    request.model,
  );
  const tools = canonicalToGeminiTools(request.tools, ctx);
  const toolConfig = canonicalToGeminiToolConfig(request.toolChoice);
  const generationConfig = canonicalToGeminiGenerationConfig(request, ctx);
  // Gemini has no switch for parallel calls.
  if (request.parallelToolCalls === false) addRule(ctx, 'gemini.parallel_tool_calls_dropped');
  return {
    ...(systemTexts.length > 0
      ? { systemInstruction: { parts: [{ text: systemTexts.join('\n\n') }] } }
      : {}),
    contents,
    ...(tools ? { tools } : {}),
    ...(toolConfig ? { toolConfig } : {}),
    ...(generationConfig ? { generationConfig } : {}),
  };
}
