import { imageDataUrl, type ChatAttachment } from '../../shared/chat-attachments.ts';
import type { ConversationWithMessages } from '../../shared/contract.ts';
import { fileTextPart } from './chat-file-part.ts';

/** A chat-completions content part, as any client sends one. */
export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

/**
 * A user message as chat-completions content: plain text when nothing is attached (what every
 * model takes), else parts: the typed text, each text file inlined with its name, each image as
 * an `image_url` part with a `data:` URL (the gateway translates it for other formats).
 */
export function userContent(
  text: string,
  attachments: readonly ChatAttachment[],
): string | ChatContentPart[] {
  if (attachments.length === 0) return text;
  const parts: ChatContentPart[] = text.trim() ? [{ type: 'text', text }] : [];
  for (const attachment of attachments) {
    parts.push(
      attachment.kind === 'image'
        ? { type: 'image_url', image_url: { url: imageDataUrl(attachment) } }
        : { type: 'text', text: fileTextPart(attachment.name, attachment.text) },
    );
  }
  return parts;
}

/** The conversation as chat-completions turns: its system prompt, then what was said. */
export function turnsOf(
  conversation: Pick<ConversationWithMessages, 'systemPrompt' | 'messages'>,
): ChatTurn[] {
  const turns: ChatTurn[] = [];
  const system = conversation.systemPrompt?.trim();
  if (system) turns.push({ role: 'system', content: system });
  for (const message of conversation.messages) {
    // Failed or empty answers are not part of what the model said.
    if (!message.content && message.attachments.length === 0) continue;
    turns.push({
      role: message.role,
      content:
        message.role === 'user'
          ? userContent(message.content, message.attachments)
          : message.content,
    });
  }
  return turns;
}
