import { i18n } from '../../i18n/i18n.ts';
import {
  formatBytes,
  IMAGE_TYPES,
  isImageType,
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
  MAX_MESSAGE_ATTACHMENT_BYTES,
  MAX_TEXT_FILE_BYTES,
  TEXT_FILE_EXTENSIONS,
  type ChatAttachment,
  type ImageType,
} from '../../../../shared/chat-attachments.ts';

export type ReadOutcome = { ok: true; attachment: ChatAttachment } | { ok: false; error: string };

/** What the file picker offers: the image types and the text files the chat reads. */
export const ACCEPTED_FILES = [
  ...IMAGE_TYPES,
  'text/*',
  ...TEXT_FILE_EXTENSIONS.map((e) => `.${e}`),
].join(',');

const IMAGE_NAMES = 'PNG, JPEG, WebP or GIF';

/**
 * The image type its first bytes say, whatever the name or the browser claims: an upstream
 * refuses an image whose declared type does not match its bytes.
 */
function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const webp = [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b);
  if (starts(0x52, 0x49, 0x46, 0x46) && webp) return 'image/webp';
  return null;
}

/**
 * Base64 of the bytes: natively where the engine has it (Chromium 140+, so Electron and the
 * browsers of today), else in slices of a multiple of 3 bytes, whose encodings join exactly.
 */
function toBase64(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  if (native) return native.call(bytes);
  const parts: string[] = [];
  const step = 3 * 0x2000;
  for (let i = 0; i < bytes.length; i += step) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(i, i + step))));
  }
  return parts.join('');
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  // `Dockerfile`, `.env`: the whole name is the kind.
  return (dot <= 0 ? name.replace(/^\./, '') : name.slice(dot + 1)).toLowerCase();
};

function looksLikeText(file: File): boolean {
  if (file.type.startsWith('text/')) return true;
  if (['application/json', 'application/xml', 'application/x-sh'].includes(file.type)) return true;
  return (TEXT_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

async function readImage(file: File): Promise<ReadOutcome> {
  if (file.size > MAX_IMAGE_BYTES)
    return {
      ok: false,
      error: i18n.t('chat.attach.imageTooBig', {
        name: file.name,
        size: formatBytes(file.size),
        max: formatBytes(MAX_IMAGE_BYTES),
      }),
    };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mimeType = sniffImage(bytes);
  if (!mimeType)
    return {
      ok: false,
      error: i18n.t('chat.attach.notImage', { name: file.name, types: IMAGE_NAMES }),
    };
  const attachment = {
    kind: 'image',
    name: file.name,
    mimeType,
    data: toBase64(bytes),
    size: bytes.length,
  } as const;
  return { ok: true, attachment };
}

async function readText(file: File): Promise<ReadOutcome> {
  if (file.size > MAX_TEXT_FILE_BYTES)
    return {
      ok: false,
      error: i18n.t('chat.attach.textTooBig', {
        name: file.name,
        size: formatBytes(file.size),
        max: formatBytes(MAX_TEXT_FILE_BYTES),
      }),
    };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: i18n.t('chat.attach.notUtf8', { name: file.name }) };
  }
  if (text.includes('\0'))
    return { ok: false, error: i18n.t('chat.attach.notText', { name: file.name }) };
  return { ok: true, attachment: { kind: 'text', name: file.name, text, size: bytes.length } };
}

/** A file picked, pasted or dropped, read as an attachment or refused with the reason. */
export function readAttachment(file: File): Promise<ReadOutcome> {
  if (file.type.startsWith('image/')) {
    if (!isImageType(file.type))
      return Promise.resolve({
        ok: false,
        error: i18n.t('chat.attach.imageType', { name: file.name, types: IMAGE_NAMES }),
      });
    return readImage(file);
  }
  if (looksLikeText(file)) return readText(file);
  return Promise.resolve({
    ok: false,
    error: i18n.t('chat.attach.fileType', { name: file.name, types: IMAGE_NAMES }),
  });
}

/** Why one more attachment would break a message's limits, or null when it fits. */
export function limitProblem(
  pending: readonly ChatAttachment[],
  next: ChatAttachment,
): string | null {
  if (pending.length >= MAX_ATTACHMENTS)
    return i18n.t('chat.attach.tooMany', { name: next.name, max: MAX_ATTACHMENTS });
  const total = pending.reduce((n, a) => n + a.size, 0) + next.size;
  if (total > MAX_MESSAGE_ATTACHMENT_BYTES)
    return i18n.t('chat.attach.tooMuch', {
      name: next.name,
      max: formatBytes(MAX_MESSAGE_ATTACHMENT_BYTES),
    });
  return null;
}
