import { stableId } from './ids.ts';

/** Gemini's documented escape hatch for histories whose real signature was lost. */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';

const PREFIX = 'sim-thought-signature:';

/** Opaque to clients, but recognisable here: a gateway that invents one gets a 400. */
export function makeThoughtSignature(seed: string): string {
  return Buffer.from(PREFIX + seed, 'utf8').toString('base64');
}

export function isAcceptedSignature(signature: string): boolean {
  if (signature === SKIP_SIGNATURE) return true;
  return Buffer.from(signature, 'base64').toString('utf8').startsWith(PREFIX);
}

const THINKING_PREFIX = 'sim-thinking-signature:';

/**
 * A Claude thinking block's `signature`: base64 (no ':' in it, as the real ones) of the seed
 * and a check value over the seed and the block's text as sent, so a gateway that edits the
 * text or the signature, invents one or passes one from another provider gets the API's 400.
 */
export function makeThinkingSignature(thinking: string, seed: string): string {
  const body = `${THINKING_PREFIX}${stableId(seed)}`;
  return Buffer.from(`${body}:${stableId(`${thinking}\0${body}`)}`, 'utf8').toString('base64');
}

export function isValidThinkingSignature(signature: string, thinking: string): boolean {
  const decoded = Buffer.from(signature, 'base64').toString('utf8');
  const colon = decoded.lastIndexOf(':');
  const body = decoded.slice(0, colon);
  if (colon < 0 || !body.startsWith(THINKING_PREFIX)) return false;
  // Base64 decoding skips stray characters: only the canonical encoding counts.
  if (Buffer.from(decoded, 'utf8').toString('base64') !== signature) return false;
  return decoded.slice(colon + 1) === stableId(`${thinking}\0${body}`);
}

/** A `redacted_thinking` block's `data`: the simulator never hands one out, so only ones in its format pass. */
export function isSimThinkingData(data: string): boolean {
  return Buffer.from(data, 'base64').toString('utf8').startsWith(THINKING_PREFIX);
}
