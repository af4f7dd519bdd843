import type { CanonicalMessage, CanonicalPart } from './canonical-request.ts';

/**
 * A canonical tool result holds its images (a screenshot read by an agent); Messages, responses
 * and Gemini 3 results hold them too. A format whose results are text only (chat-completions)
 * gets them in a user turn right after the tool turn instead, and the result's text keeps a line
 * for each image, so the model links them.
 */
const imagePlaceholder = (n: number): string =>
  `[image ${n} of this result: sent in the next user message]`;

/** A result's text with a line for each of its images, which went to the next user turn. */
export function textWithImagePlaceholders(content: string, imageCount: number): string {
  const placeholders = Array.from({ length: imageCount }, (_, i) => imagePlaceholder(i + 1));
  return [...(content === '' ? [] : [content]), ...placeholders].join('\n');
}

/** The line before one result's images in the user turn, naming the result. */
export function resultImagesLabel(
  result: { callId: string; name?: string },
  imageCount: number,
): string {
  const what = imageCount === 1 ? 'Image' : 'Images';
  return `${what} from the result of ${result.name ?? 'tool call'} (${result.callId}):`;
}

/**
 * The turns with every tool result's images moved out, for an upstream whose tool results hold
 * text only: each run of tool turns is followed by one user turn holding, result by result, a
 * line naming the result and its images (the next user turn when one follows, so the model sees
 * one user message), and each result's text says where its images went. `moved` says whether
 * any image was moved, for the encoder's rule. Turns without images are returned as they are.
 */
export function toolResultImagesAsUserTurns(messages: readonly CanonicalMessage[]): {
  messages: CanonicalMessage[];
  moved: boolean;
} {
  const out: CanonicalMessage[] = [];
  let pending: CanonicalPart[] = [];
  let moved = false;
  const flush = (next: CanonicalMessage | undefined): void => {
    if (pending.length === 0) return;
    if (next?.role === 'user') out.push({ role: 'user', parts: [...pending, ...next.parts] });
    else out.push({ role: 'user', parts: pending });
    pending = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') {
      const merged = pending.length > 0 && message.role === 'user';
      flush(message);
      if (!merged) out.push(message);
      continue;
    }
    const parts = message.parts.map((part): CanonicalPart => {
      if (part.type !== 'tool-result' || part.images === undefined || part.images.length === 0)
        return part;
      moved = true;
      pending.push(
        { type: 'text', text: resultImagesLabel(part, part.images.length) },
        ...part.images,
      );
      const { images, ...rest } = part;
      return { ...rest, content: textWithImagePlaceholders(part.content, images.length) };
    });
    out.push({ role: 'tool', parts });
  }
  flush(undefined);
  return { messages: moved ? out : [...messages], moved };
}
