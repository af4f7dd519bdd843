import { isRecord } from '../../canonical/json.ts';

export interface ContentPiece {
  kind: 'text' | 'reasoning';
  text: string;
}

/**
 * Upstream `content` (message or delta) as ordered text / reasoning pieces. OpenAI sends a
 * string; Mistral sends an array of typed parts where `thinking` parts hold reasoning as a
 * nested list of text parts, sometimes mixed with answer text in one delta. Empty strings are
 * left out: they carry nothing, and OpenAI's first delta is always `content: ""`.
 */
export function chatContentPieces(content: unknown): ContentPiece[] {
  if (typeof content === 'string') return content ? [{ kind: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const pieces: ContentPiece[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string' && part.text)
      pieces.push({ kind: 'text', text: part.text });
    else if (part.type === 'thinking')
      for (const text of thinkingTexts(part.thinking)) pieces.push({ kind: 'reasoning', text });
  }
  return pieces;
}

function thinkingTexts(thinking: unknown): string[] {
  if (typeof thinking === 'string') return thinking ? [thinking] : [];
  if (!Array.isArray(thinking)) return [];
  return thinking.flatMap((part) =>
    isRecord(part) && typeof part.text === 'string' && part.text ? [part.text] : [],
  );
}
