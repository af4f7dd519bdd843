import type { CanonicalImagePart } from '../../canonical/canonical-request.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

/** Magic numbers of the image types every upstream format takes. */
const SIGNATURES: readonly { mimeType: string; matches: (head: Buffer) => boolean }[] = [
  {
    mimeType: 'image/png',
    matches: (head) =>
      head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mimeType: 'image/jpeg',
    matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  },
  {
    mimeType: 'image/gif',
    matches: (head) => ['GIF87a', 'GIF89a'].includes(head.toString('latin1', 0, 6)),
  },
  {
    mimeType: 'image/webp',
    matches: (head) =>
      head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
  },
];

/** 16 base64 characters are 12 bytes: enough for every signature above. */
const HEAD_CHARS = 16;

/** The MIME type of base64 image bytes by their magic number, or undefined. */
export function sniffImageType(base64: string): string | undefined {
  const head = Buffer.from(base64.slice(0, HEAD_CHARS), 'base64');
  return SIGNATURES.find((signature) => signature.matches(head))?.mimeType;
}

/**
 * One entry of an Ollama `images` array: base64 bytes without a `data:` prefix (what Ollama
 * decodes; `ollama-js` encodes a `Uint8Array` so). Ollama sends no MIME type, so it is read
 * from the bytes; a type other formats cannot be told of is refused rather than guessed.
 */
export function ollamaImageToCanonical(value: unknown, param: string): CanonicalImagePart {
  if (typeof value !== 'string' || value === '')
    throw badRequest(`Invalid '${param}': expected a base64-encoded image.`, param, 'invalid_type');
  if (value.startsWith('data:'))
    throw badRequest(
      `Invalid '${param}': Ollama images are base64 bytes without a 'data:' prefix.`,
      param,
      'invalid_image',
    );
  const mimeType = sniffImageType(value);
  if (mimeType === undefined)
    throw badRequest(
      `'${param}' is not a PNG, JPEG, GIF or WebP image (read from its first bytes); only those can be translated.`,
      param,
      'invalid_image',
    );
  return { type: 'image', source: { kind: 'data', mimeType, data: value } };
}
