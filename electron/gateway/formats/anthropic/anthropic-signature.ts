import type { StateCarrier, StateHolder } from '../../canonical/format-state.ts';
import { geminiSignature, withGeminiSignature } from '../gemini/gemini-state.ts';
import { responsesReasoning, withResponsesReasoning } from '../responses/responses-state.ts';
import { anthropicSignature, withAnthropicSignature } from './anthropic-state.ts';

/**
 * Another format's opaque reasoning state rides to an Anthropic client in a thinking block's
 * `signature`, tagged so it comes back as the same format's state next turn: a Gemini
 * `thoughtSignature` as `mgw1:gemini:<signature>`, an OpenAI reasoning item as
 * `mgw1:openai:<id>:<encrypted_content>` (the id percent-encoded). Anthropic's own signatures
 * are base64 and never hold ':', so they go out as they are and cannot be taken for a tag. Each
 * format's state is read and written through that format's own accessors.
 */
const GEMINI = 'mgw1:gemini:';
const OPENAI = 'mgw1:openai:';

/**
 * The thinking-block signature for a part's state, and whether other state had to be left out
 * (a part never carries two kinds in practice). Undefined when the part has none.
 */
export function stateToThinkingSignature(
  holder: StateHolder,
): { signature: string; lost: boolean } | undefined {
  const kinds: string[] = [];
  const own = anthropicSignature(holder);
  if (own !== undefined) kinds.push(own);
  const gemini = geminiSignature(holder);
  if (gemini !== undefined) kinds.push(`${GEMINI}${gemini}`);
  const openai = responsesReasoning(holder);
  if (openai.encrypted !== undefined && openai.id !== undefined)
    kinds.push(`${OPENAI}${encodeURIComponent(openai.id)}:${openai.encrypted}`);
  const [signature] = kinds;
  return signature === undefined ? undefined : { signature, lost: kinds.length > 1 };
}

/**
 * A copy of the carrier holding the state a thinking block's `signature` stands for: a tagged
 * value as the state of the format that tagged it, any other as Anthropic's; '' stands for none.
 */
export function withThinkingSignature<const T extends object>(
  carrier: T & StateCarrier,
  signature: string,
): T {
  if (signature === '') return carrier;
  if (signature.startsWith(GEMINI))
    return withGeminiSignature(carrier, signature.slice(GEMINI.length));
  if (signature.startsWith(OPENAI)) {
    const rest = signature.slice(OPENAI.length);
    const colon = rest.indexOf(':');
    if (colon > 0) {
      try {
        const id = decodeURIComponent(rest.slice(0, colon));
        return withResponsesReasoning(carrier, rest.slice(colon + 1), id);
      } catch {
        // Not a tag the gateway wrote: kept whole, below.
      }
    }
  }
  return withAnthropicSignature(carrier, signature);
}
