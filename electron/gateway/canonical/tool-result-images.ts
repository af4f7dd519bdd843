import type { CanonicalPart } from './canonical-request.ts';

/**
 * A canonical tool result is text, as every format's is but Messages' and responses', so the
 * images a tool returned (a screenshot read by an agent) travel in a user turn right after the
 * tool turn. The result's text keeps a line where each image was, so the model links them.
 */
export const imagePlaceholder = (n: number): string =>
  `[image ${n} of this result: sent in the next user message]`;

/** The parts of the user turn that carries one result's images. */
export function toolResultImagesTurn(callId: string, images: CanonicalPart[]): CanonicalPart[] {
  return [{ type: 'text', text: `The images returned by tool call ${callId}:` }, ...images];
}
