import {
  isOneLineObject,
  memberValue,
  readString,
  readTokens,
  stringValue,
  template,
  tokens,
} from '../skim-json.ts';

/** A text line exactly as Ollama (and the simulator) write it. */
const OLLAMA_TEXT = template(
  String.raw`\{"model":<plain>,"created_at":<plain>,"message":\{"role":"assistant","content":(<str>)(?:,"images":null)?\},"done":false\}`,
);

const CONTENT = tokens('{', '"role"', ':', '"assistant"', ',', '"content"', ':');
const IMAGES = tokens(',', '"images"', ':', 'null');
const NOT_DONE = tokens('}', ',', '"done"', ':', 'false', '}');

/**
 * The answer text of a line that carries nothing else, read without parsing it: a `message`
 * of `{"role": "assistant", "content": "…"}` (`"images": null` after it allowed) followed by
 * `"done": false` at the line's end, and no error. Undefined for any other line (thinking,
 * tool calls, the `done` line), which must be parsed.
 */
export function ollamaContent(data: string): string | undefined {
  const exact = OLLAMA_TEXT.exec(data);
  if (exact) return stringValue(exact[1]!);
  if (!isOneLineObject(data)) return undefined;
  const text = readString(data, readTokens(data, memberValue(data, 'message"'), CONTENT));
  if (text === undefined) return undefined;
  // Ollama's own examples write `"images": null` after the content.
  const images = readTokens(data, text.end, IMAGES);
  if (readTokens(data, images === -1 ? text.end : images, NOT_DONE) !== data.length)
    return undefined;
  if (data.includes('rror"')) return undefined;
  return text.value;
}
