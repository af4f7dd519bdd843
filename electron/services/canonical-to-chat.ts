import { base64Bytes, isImageType, type ChatAttachment } from '../../shared/chat-attachments.ts';
import type { ChatParams } from '../../shared/contract.ts';
import type {
  CanonicalMessage,
  CanonicalPart,
  CanonicalRequest,
} from '../gateway/canonical/canonical-request.ts';
import type { NewMessage } from '../store/conversation-repo.ts';
import { readFileTextPart } from './chat-file-part.ts';

/** A request as the Chat page can hold it: a conversation's settings and its messages. */
export interface ChatReplay {
  model: string;
  systemPrompt: string | null;
  params: ChatParams;
  messages: NewMessage[];
  /** What the chat has no place for, in words (`2 tool calls`), to tell the user. */
  omitted: string[];
}

/** Parts the chat cannot show, counted by what a user would call them. */
type OmittedKind = 'tool call' | 'tool result' | 'reasoning part' | 'image given by URL';

const EXTENSION: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

class Omissions {
  private readonly counts = new Map<OmittedKind, number>();
  add(kind: OmittedKind): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }
  words(): string[] {
    return [...this.counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`);
  }
}

/** One image part as an attachment, when it carries its bytes in a type the chat can attach. */
function imageAttachment(
  part: Extract<CanonicalPart, { type: 'image' }>,
  index: number,
): ChatAttachment | null {
  const source = part.source;
  if (source.kind !== 'data' || !isImageType(source.mimeType)) return null;
  return {
    kind: 'image',
    name: `image-${index}.${EXTENSION[source.mimeType] ?? 'img'}`,
    mimeType: source.mimeType,
    data: source.data,
    size: base64Bytes(source.data),
  };
}

function toMessage(
  message: CanonicalMessage,
  model: string,
  omissions: Omissions,
  images: { count: number },
): NewMessage | null {
  const texts: string[] = [];
  const attachments: ChatAttachment[] = [];
  for (const part of message.parts) {
    if (part.type === 'text' || part.type === 'refusal') {
      // A file the Chat page inlined goes back to being an attachment of a user message.
      const file = message.role === 'user' ? readFileTextPart(part.text) : null;
      if (file) {
        const size = new TextEncoder().encode(file.text).length;
        attachments.push({ kind: 'text', name: file.name, text: file.text, size });
      } else texts.push(part.text);
    } else if (part.type === 'image') {
      const image = message.role === 'user' ? imageAttachment(part, images.count + 1) : null;
      if (image) images.count += 1;
      if (image) attachments.push(image);
      else omissions.add('image given by URL');
    } else if (part.type === 'tool-call') omissions.add('tool call');
    else if (part.type === 'tool-result') omissions.add('tool result');
    else omissions.add('reasoning part');
  }
  const content = texts.join('\n\n');
  if (message.role === 'tool' || (!content && attachments.length === 0)) return null;
  return {
    role: message.role,
    content,
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(message.role === 'assistant' ? { model } : {}),
  };
}

/** The request's sampling settings the chat has a field for, where they fit its ranges. */
function paramsOf(request: CanonicalRequest): ChatParams {
  const params: ChatParams = {};
  const { temperature, maxOutputTokens } = request.sampling;
  if (temperature !== undefined && temperature >= 0 && temperature <= 2)
    params.temperature = temperature;
  if (maxOutputTokens !== undefined && Number.isInteger(maxOutputTokens) && maxOutputTokens > 0)
    params.maxTokens = Math.min(maxOutputTokens, 1_000_000);
  const effort = request.reasoning?.effort;
  if (effort === 'low' || effort === 'medium' || effort === 'high') params.reasoningEffort = effort;
  return params;
}

/**
 * A canonical request as chat messages: the system text becomes the system prompt, user and
 * assistant text (and a user's images and inlined files) become messages; tool calls, their
 * results and reasoning, which the chat has no place for, are counted in `omitted`.
 */
export function canonicalToChat(request: CanonicalRequest): ChatReplay {
  const omissions = new Omissions();
  const images = { count: 0 };
  const messages = request.messages
    .map((m) => toMessage(m, request.model, omissions, images))
    .filter((m): m is NewMessage => m !== null);
  return {
    model: request.model,
    systemPrompt: request.system?.trim() ? request.system : null,
    params: paramsOf(request),
    messages,
    omitted: omissions.words(),
  };
}
