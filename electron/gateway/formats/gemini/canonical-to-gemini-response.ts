import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import type { ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { canonicalToGeminiOutputParts } from './canonical-to-gemini-output-parts.ts';
import { canonicalUsageToGemini } from './gemini-usage.ts';
import { toGeminiFinishReason } from './map-gemini-finish-reason.ts';

/** Canonical answer → a GenerateContentResponse for a native client. */
export function canonicalToGeminiResponse(
  response: CanonicalResponse,
  ctx: ResponseEncodeContext,
): Record<string, unknown> {
  const includeThoughts = ctx.request.reasoning?.includeThoughts === true;
  return {
    candidates: [
      {
        content: {
          role: 'model',
          parts: canonicalToGeminiOutputParts(response.parts, includeThoughts, ctx),
        },
        finishReason: toGeminiFinishReason(response.finishReason),
        index: 0,
      },
    ],
    ...(response.usage ? { usageMetadata: canonicalUsageToGemini(response.usage) } : {}),
    modelVersion: ctx.request.model,
    responseId: ctx.responseId,
  };
}
