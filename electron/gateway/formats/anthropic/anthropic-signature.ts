import type { CanonicalPart } from '../../canonical/canonical-request.ts';

type Reasoning = Extract<CanonicalPart, { type: 'reasoning' }>;

/** The opaque state a reasoning part can carry, without its text. */
export type ReasoningState = Pick<
  Reasoning,
  'signature' | 'encrypted' | 'id' | 'thinkingSignature' | 'redacted'
>;

/**
 * Another format's opaque reasoning state rides to an Anthropic client in a thinking block's
 * `signature`, tagged so it comes back as the same canonical field next turn: a Gemini
 * `thoughtSignature` as `mgw1:gemini:<signature>`, an OpenAI reasoning item as
 * `mgw1:openai:<id>:<encrypted_content>` (the id percent-encoded). Anthropic's own signatures
 * are base64 and never hold ':', so they go out as they are and cannot be taken for a tag.
 */
const GEMINI = 'mgw1:gemini:';
const OPENAI = 'mgw1:openai:';

/**
 * The thinking-block signature for a part's state, and whether other state had to be left out
 * (a part never carries two kinds in practice). Undefined when the part has none.
 */
export function stateToThinkingSignature(
  state: ReasoningState,
): { signature: string; lost: boolean } | undefined {
  const kinds: string[] = [];
  if (state.thinkingSignature !== undefined) kinds.push(state.thinkingSignature);
  if (state.signature !== undefined) kinds.push(`${GEMINI}${state.signature}`);
  if (state.encrypted !== undefined && state.id !== undefined)
    kinds.push(`${OPENAI}${encodeURIComponent(state.id)}:${state.encrypted}`);
  const [signature] = kinds;
  return signature === undefined ? undefined : { signature, lost: kinds.length > 1 };
}

/** A thinking block's `signature` as the canonical state it stands for; '' stands for none. */
export function thinkingSignatureToState(signature: string): ReasoningState {
  if (signature === '') return {};
  if (signature.startsWith(GEMINI)) return { signature: signature.slice(GEMINI.length) };
  if (signature.startsWith(OPENAI)) {
    const rest = signature.slice(OPENAI.length);
    const colon = rest.indexOf(':');
    if (colon > 0) {
      try {
        return { id: decodeURIComponent(rest.slice(0, colon)), encrypted: rest.slice(colon + 1) };
      } catch {
        // Not a tag the gateway wrote: kept whole, below.
      }
    }
  }
  return { thinkingSignature: signature };
}
