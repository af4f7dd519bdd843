import { isImageType, type ChatAttachment } from '../../shared/chat-attachments.ts';
import { parseJson } from './parse-json.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readAttachment(value: unknown): ChatAttachment | null {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.size !== 'number')
    return null;
  const { name, size } = value;
  if (value.kind === 'image' && typeof value.data === 'string') {
    const mimeType = typeof value.mimeType === 'string' ? value.mimeType : '';
    return isImageType(mimeType) ? { kind: 'image', name, mimeType, data: value.data, size } : null;
  }
  if (value.kind === 'text' && typeof value.text === 'string')
    return { kind: 'text', name, text: value.text, size };
  return null;
}

/**
 * A message's attachments as stored (JSON written by this store). An entry that no longer reads
 * (a hand-edited database) is left out rather than breaking the conversation.
 */
export function parseAttachments(text: string): ChatAttachment[] {
  const value = parseJson(text);
  if (!Array.isArray(value)) return [];
  return value.map(readAttachment).filter((a): a is ChatAttachment => a !== null);
}

/** Only the fields of the contract's shape are written, whatever else the object carries. */
export const serializeAttachments = (attachments: readonly ChatAttachment[]): string =>
  JSON.stringify(
    attachments.map((a) =>
      a.kind === 'image'
        ? { kind: a.kind, name: a.name, mimeType: a.mimeType, data: a.data, size: a.size }
        : { kind: a.kind, name: a.name, text: a.text, size: a.size },
    ),
  );
