import { i18n } from '../../i18n/i18n.ts';
import { formatBytes, markdownFence } from '../../../../shared/chat-attachments.ts';
import type {
  ChatMessage,
  Conversation,
  ConversationTree,
  ConversationWithMessages,
} from '../../../../shared/contract.ts';
import { paramsSummary } from './chat-params.ts';

const roleHeading = (role: ChatMessage['role']): string =>
  role === 'user'
    ? i18n.t('chat.message.role.user')
    : role === 'system'
      ? i18n.t('chat.message.role.system')
      : i18n.t('chat.message.role.assistant');

/**
 * A message's files in a document meant for reading: text files in full, fenced; images by
 * name, type and size (their bytes are in the JSON export, not in a page of text).
 */
function attachmentLines(message: ChatMessage): string[] {
  const lines: string[] = [];
  for (const a of message.attachments) {
    if (a.kind === 'image') {
      lines.push(
        i18n.t('chat.markdown.image', {
          name: a.name,
          type: a.mimeType,
          size: formatBytes(a.size),
        }),
        '',
      );
    } else {
      const fence = markdownFence(a.text);
      lines.push(i18n.t('chat.markdown.file', { name: a.name }), '', fence, a.text, fence, '');
    }
  }
  return lines;
}

/**
 * The conversation as a Markdown document: title, model and settings, then each message shown
 * (the versions on screen, not the others) with its attached files.
 */
export function conversationToMarkdown(c: ConversationWithMessages): string {
  const lines = [`# ${c.title || i18n.t('chat.newConversation')}`, ''];
  if (c.model) lines.push(i18n.t('chat.markdown.model', { model: c.model }));
  const summary = paramsSummary(c.params);
  if (summary) lines.push(i18n.t('chat.markdown.parameters', { summary }));
  lines.push(i18n.t('chat.markdown.exported', { time: new Date().toISOString() }), '');
  if (c.systemPrompt) lines.push(`## ${i18n.t('chat.view.systemPrompt')}`, '', c.systemPrompt, '');
  for (const m of c.messages) {
    const notes = [
      m.stopped ? i18n.t('chat.markdown.stopped') : null,
      m.model && m.role === 'assistant' ? m.model : null,
    ]
      .filter(Boolean)
      .join(i18n.t('chat.markdown.noteSeparator'));
    const heading = roleHeading(m.role);
    lines.push(
      `## ${notes ? i18n.t('chat.markdown.heading', { role: heading, notes }) : heading}`,
      '',
    );
    if (m.content) lines.push(m.content, '');
    lines.push(...attachmentLines(m));
    if (m.error) lines.push(`> ${i18n.t('chat.markdown.error', { error: m.error })}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The conversation exactly as the app stores it (images as base64), for other tools: every
 * version of every message, each with the id of the one it follows (`parentId`), and the ids of
 * those shown (`shownPath`).
 */
export const conversationToJson = (c: ConversationTree): string =>
  `${JSON.stringify(c, null, 2)}\n`;

/** A file name from the title: letters, digits and dashes only. */
export function exportFileName(c: Conversation, extension: 'md' | 'json'): string {
  const base =
    c.title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'conversation';
  return `${base}.${extension}`;
}
