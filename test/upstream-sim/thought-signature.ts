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
