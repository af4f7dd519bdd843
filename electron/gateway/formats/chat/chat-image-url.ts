import type { ImageSource } from '../../canonical/canonical-request.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

const BASE64_DATA_URL = /^data:([^;,]+)((?:;[^;,]+)*);base64,(.*)$/s;

/**
 * An `image_url.url` as a canonical image source: a base64 `data:` URL is split into MIME type
 * and bytes (parameters such as `;charset=` are dropped, they do not describe an image), any
 * other URL stays a URL. A `data:` URL that is not base64 cannot be carried as inline bytes.
 */
export function imageUrlToSource(url: string, param: string): ImageSource {
  if (!url.startsWith('data:')) return { kind: 'url', url };
  const match = BASE64_DATA_URL.exec(url);
  if (!match || !match[1] || match[3] === undefined)
    throw badRequest(
      `'${param}' must be a base64 data URL (data:<mime>;base64,<data>) or an http(s) URL.`,
      param,
      'invalid_image_url',
    );
  return { kind: 'data', mimeType: match[1], data: match[3] };
}

/** A canonical image source as chat's `image_url.url`. */
export function sourceToImageUrl(source: ImageSource): string {
  return source.kind === 'url' ? source.url : `data:${source.mimeType};base64,${source.data}`;
}
