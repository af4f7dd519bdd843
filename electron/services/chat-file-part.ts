import { markdownFence } from '../../shared/chat-attachments.ts';

/**
 * How the chat inlines an attached text file into its prompt: a text part naming the file, the
 * contents fenced so the model sees where the file starts and ends. Reading one back (a chat
 * request opened from the log) turns it into an attachment again.
 */

const HEADER = 'Attached file: ';

export function fileTextPart(name: string, text: string): string {
  const fence = markdownFence(text);
  // Names are one line: a newline in one would let it pose as the file's contents.
  return `${HEADER}${name.replace(/[\r\n]+/g, ' ')}\n${fence}\n${text}\n${fence}`;
}

/** The file a text part holds, when it is one `fileTextPart` wrote; otherwise null. */
export function readFileTextPart(part: string): { name: string; text: string } | null {
  const match = /^Attached file: ([^\n]+)\n(`{3,})\n([\s\S]*)\n\2$/.exec(part);
  if (!match) return null;
  const [, name, , text] = match;
  return name !== undefined && text !== undefined ? { name, text } : null;
}
