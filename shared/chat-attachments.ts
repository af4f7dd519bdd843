/**
 * What the chat composer may attach, shared by the renderer (which checks a file before it is
 * added, to say at once what is wrong) and the main process (which checks again, trusting the
 * renderer no more than any HTTP client). No zod here: the renderer imports this.
 */

/** Image types every upstream format takes inline (OpenAI, Gemini and Messages alike). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * 5 MB per image: Anthropic's Messages API refuses bigger ones, and an image may be translated
 * to any format, so the smallest limit of the four applies.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A text file is inlined into the prompt; 256 KB is already some 60,000 tokens. */
export const MAX_TEXT_FILE_BYTES = 256 * 1024;

/**
 * All of one message's attachments together. Base64 makes images a third bigger, and the whole
 * message must fit the app's 16 MiB RPC limit (headless) with room to spare.
 */
export const MAX_MESSAGE_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const MAX_ATTACHMENTS = 10;

/** File name endings read as text (code, data, notes) when the browser gives no text type. */
export const TEXT_FILE_EXTENSIONS = [
  'txt',
  'md',
  'markdown',
  'json',
  'jsonl',
  'csv',
  'tsv',
  'yaml',
  'yml',
  'toml',
  'ini',
  'xml',
  'html',
  'css',
  'scss',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'swift',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'php',
  'sh',
  'bash',
  'zsh',
  'ps1',
  'sql',
  'graphql',
  'proto',
  'lua',
  'r',
  'log',
  'diff',
  'patch',
  'env',
  'gitignore',
  'dockerfile',
] as const;

interface ImageAttachment {
  kind: 'image';
  name: string;
  mimeType: ImageType;
  /** The image's bytes, base64 (no `data:` prefix). */
  data: string;
  /** Bytes before base64. */
  size: number;
}

interface TextAttachment {
  kind: 'text';
  name: string;
  text: string;
  /** Bytes of the UTF-8 file. */
  size: number;
}

/** A file attached to a user message, stored with it and sent with every turn after it. */
export type ChatAttachment = ImageAttachment | TextAttachment;

export const isImageType = (type: string): type is ImageType =>
  (IMAGE_TYPES as readonly string[]).includes(type);

/** `1.2 MB`, `340 KB`: sizes in the limit messages and on the chips. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Bytes that base64 text stands for (padding taken off). */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The image as a `data:` URL, as chat-completions `image_url` parts and `<img>` take it. */
export const imageDataUrl = (image: ImageAttachment): string =>
  `data:${image.mimeType};base64,${image.data}`;

/**
 * A Markdown code fence longer than any run of backticks in `text`, so the text cannot close it
 * (for inlining a file into a prompt or an export).
 */
export function markdownFence(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}
