import type { SimImage } from './sim-request.ts';

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;
const LENIENT = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Strict standard base64, as browsers and OpenAI expect inside `data:` URLs. */
export function isStrictBase64(s: string): boolean {
  return s.length > 0 && s.length % 4 === 0 && STANDARD.test(s);
}

/** proto3 JSON `bytes`: standard or URL-safe alphabet, padding optional. */
export function isProtoBase64(s: string): boolean {
  const unpadded = s.replace(/=+$/, '');
  return s.length > 0 && unpadded.length % 4 !== 1 && LENIENT.test(s);
}

/**
 * Checks an image reference: remote URLs are accepted as they are (never fetched);
 * `data:` URLs must be `data:<mime>;base64,<strict base64>`. Returns a reason when bad.
 */
export function imageUrlProblem(url: string): string | null {
  if (url.startsWith('https://') || url.startsWith('http://')) return null;
  if (!url.startsWith('data:')) return 'must be an http(s) URL or a data: URL';
  const comma = url.indexOf(',');
  if (comma < 0) return 'data: URL has no comma';
  const meta = url.slice(5, comma);
  if (!/^[\w.+-]+\/[\w.+-]+;base64$/.test(meta)) return 'data: URL must be data:<mime>;base64,...';
  if (!isStrictBase64(url.slice(comma + 1))) return 'data: URL payload is not valid base64';
  return null;
}

/** The number of bytes base64 text stands for (either alphabet, padded or not). */
export function base64ByteCount(s: string): number {
  const unpadded = s.replace(/=+$/, '');
  return Math.floor((unpadded.length * 3) / 4);
}

/** An image reference as the simulator reports it: a `data:` URL by type and size, others by URL. */
export function simImageOfUrl(url: string): SimImage {
  const data = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s.exec(url);
  if (data === null) return { kind: 'url', url };
  return { kind: 'inline', mimeType: data[1] ?? '', bytes: base64ByteCount(data[2] ?? '') };
}
