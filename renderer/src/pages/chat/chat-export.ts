import type { ConversationWithMessages } from '../../../../shared/contract.ts';
import { paramsSummary } from './chat-params.ts';

const ROLE_HEADING = { user: 'You', assistant: 'Assistant', system: 'System' } as const;

/** The conversation as a Markdown document: title, model and settings, then each message. */
export function conversationToMarkdown(c: ConversationWithMessages): string {
  const lines = [`# ${c.title}`, ''];
  if (c.model) lines.push(`- Model: \`${c.model}\``);
  const summary = paramsSummary(c.params);
  if (summary) lines.push(`- Parameters: ${summary}`);
  lines.push(`- Exported: ${new Date().toISOString()}`, '');
  if (c.systemPrompt) lines.push('## System prompt', '', c.systemPrompt, '');
  for (const m of c.messages) {
    const notes = [m.stopped ? 'stopped' : null, m.model && m.role === 'assistant' ? m.model : null]
      .filter(Boolean)
      .join(', ');
    lines.push(`## ${ROLE_HEADING[m.role]}${notes ? ` (${notes})` : ''}`, '', m.content, '');
    if (m.error) lines.push(`> Error: ${m.error}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The conversation exactly as the app stores it, for other tools. */
export const conversationToJson = (c: ConversationWithMessages): string =>
  `${JSON.stringify(c, null, 2)}\n`;

/** A file name from the title: letters, digits and dashes only. */
export function exportFileName(c: ConversationWithMessages, extension: 'md' | 'json'): string {
  const base =
    c.title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'conversation';
  return `${base}.${extension}`;
}
